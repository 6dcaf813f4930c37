import type { Candidate } from './types';

/** A block of whole lines of the file the search was matched to, and what goes in its place. */
export interface LineMatch {
  /** 0-based index of the first file line of the block. */
  first: number;
  /** Number of file lines in the block. */
  count: number;
  replacementLines: string[];
  /** Extra words for the success message, e.g. how the replacement was re-indented. */
  note: string;
}

/** What one step of the matching chain found. */
export type StepOutcome<M> =
  | { kind: 'found'; match: M }
  | { kind: 'ambiguous'; candidates: Candidate[]; notes?: string[]; rule?: string }
  | { kind: 'none' };
