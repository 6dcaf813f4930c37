// The matcher lives in protocol so the workspace import filter shares it.
export { type GitignoreRule, isIgnoredByRules, matchRules, parseGitignore } from '../protocol/gitignore';
