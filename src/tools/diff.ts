// Lives in protocol so the workspace patch shares it.
export { diffHunks, diffLines, type DiffOp, unifiedDiff } from '../protocol/diff';
