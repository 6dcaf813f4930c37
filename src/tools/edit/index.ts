/** The edit engine: the one implementation behind edit_file, `apply-edit` and the tests. */
export { applyEdit, applyEdits } from './apply-edit';
export { FUZZY_MARGIN, FUZZY_THRESHOLD } from './match-fuzzy';
export type { AppliedEdit, Candidate, EditRequest, EditResult, MatchStrategy, MultiEditResult } from './types';
