import { isCppHeader } from './cpp-header';

/** The languages code intelligence understands, and how a file path maps to one. */
export const LANGUAGE_IDS = ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java', 'c', 'cpp', 'ruby', 'php', 'csharp', 'bash'] as const;

export type LanguageId = (typeof LANGUAGE_IDS)[number];

const EXTENSIONS: Readonly<Record<string, LanguageId>> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  rb: 'ruby',
  php: 'php',
  cs: 'csharp',
  sh: 'bash',
  bash: 'bash',
};

/** The language of a file from its extension (case-insensitive), or null when it is not one we parse. */
export function languageForPath(path: string): LanguageId | null {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot === -1) return null;
  return EXTENSIONS[base.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * The language of a file from its path and content: as `languageForPath`, except that a `.h` header
 * written in C++ is C++ (the C grammar would garble its classes and templates).
 */
export function languageForFile(path: string, content: string): LanguageId | null {
  const language = languageForPath(path);
  return language && refineLanguage(language, path, content);
}

/** The language `languageForPath` gave, corrected by the content where the extension is ambiguous (`.h`). */
export function refineLanguage(language: LanguageId, path: string, content: string): LanguageId {
  return language === 'c' && /\.h$/i.test(path) && isCppHeader(content) ? 'cpp' : language;
}

export function isLanguageId(value: string): value is LanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(value);
}

/** Where each grammar's wasm ships: npm package and file name at the package root. */
export interface WasmAsset {
  packageName: string;
  file: string;
}

export const GRAMMAR_WASM: Readonly<Record<LanguageId, WasmAsset>> = {
  typescript: { packageName: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  tsx: { packageName: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  javascript: { packageName: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  python: { packageName: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  go: { packageName: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  rust: { packageName: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
  java: { packageName: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  c: { packageName: 'tree-sitter-c', file: 'tree-sitter-c.wasm' },
  cpp: { packageName: 'tree-sitter-cpp', file: 'tree-sitter-cpp.wasm' },
  ruby: { packageName: 'tree-sitter-ruby', file: 'tree-sitter-ruby.wasm' },
  // The full PHP grammar, which also takes the HTML around `<?php`.
  php: { packageName: 'tree-sitter-php', file: 'tree-sitter-php.wasm' },
  csharp: { packageName: 'tree-sitter-c-sharp', file: 'tree-sitter-c_sharp.wasm' },
  bash: { packageName: 'tree-sitter-bash', file: 'tree-sitter-bash.wasm' },
};

/** web-tree-sitter's own runtime, which `initParser` loads before any grammar. */
export const RUNTIME_WASM: WasmAsset = { packageName: 'web-tree-sitter', file: 'tree-sitter.wasm' };

/** Every wasm file the browser build must serve (runtime first), e.g. for a Vite plugin that copies them. */
export function allWasmAssets(): WasmAsset[] {
  const seen = new Set<string>();
  const out: WasmAsset[] = [RUNTIME_WASM];
  for (const asset of Object.values(GRAMMAR_WASM)) {
    if (seen.has(asset.file)) continue;
    seen.add(asset.file);
    out.push(asset);
  }
  return out;
}
