/** Public shapes of the edit engine: one search/replace request and what came of it. */

export interface EditRequest {
  search: string;
  replace: string;
}

/** How the search text was found, from strictest to loosest. */
export type MatchStrategy = 'exact' | 'whitespace' | 'indentation' | 'fuzzy';

/** A place in the file the search text could refer to (1-based line, its text trimmed). */
export interface Candidate {
  line: number;
  firstLine: string;
}

export type EditResult =
  | {
      ok: true;
      result: string;
      strategy: MatchStrategy;
      /** Lines of the original that were replaced, 1-based inclusive. */
      startLine: number;
      endLine: number;
      message: string;
    }
  | { ok: false; error: string; candidates?: Candidate[] };

/** One edit of a multi-edit call, as it was applied. */
export interface AppliedEdit {
  strategy: MatchStrategy;
  startLine: number;
  endLine: number;
  message: string;
}

export type MultiEditResult =
  | { ok: true; result: string; edits: AppliedEdit[]; message: string }
  | {
      ok: false;
      error: string;
      /** 0-based index of the edit that failed, when one edit is to blame. */
      failedEdit?: number;
      candidates?: Candidate[];
    };
