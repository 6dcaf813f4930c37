import type { Candidate } from './types';

/** A block of whole lines of the file the search was matched to. */
export interface BlockMatch {
  /** 0-based index of the first file line of the block. */
  first: number;
  /** Number of file lines in the block. */
  count: number;
  /** (search line, file line) index pairs of the lines matched to each other, in increasing order. */
  anchors: [number, number][];
  /** What the step measured, for the success message (e.g. a similarity). */
  detail: string;
}

/**
 * What one step of the matching chain found. `undecided`: the step reached its work limit before it
 * could tell whether one place fits, with the places it found like the search by then.
 */
export type StepOutcome<M> =
  | { kind: 'found'; match: M }
  | { kind: 'ambiguous'; candidates: Candidate[]; notes?: string[]; rule?: string }
  | { kind: 'undecided'; candidates: Candidate[]; notes: string[] }
  | { kind: 'none' };
