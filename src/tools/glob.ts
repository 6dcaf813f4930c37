// The matcher lives in protocol so the workspace import filter shares it (through gitignore.ts).
export { compileGlob, type GlobSyntax, parseGlob } from '../protocol/glob';
