/** Monaco language ids by file extension (Monaco's built-in Monarch grammars). */
const BY_EXTENSION: Record<string, string> = {
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  // Monaco's JSON support is a worker-backed language service we do not load; JS highlighting reads well.
  json: 'javascript',
  md: 'markdown',
  markdown: 'markdown',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  rb: 'ruby',
  php: 'php',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'html',
  htm: 'html',
  xml: 'xml',
  svg: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sql: 'sql',
};

const BY_NAME: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'shell',
  '.bashrc': 'shell',
};

export function languageForPath(path: string): string {
  const name = (path.split('/').pop() ?? '').toLowerCase();
  const byName = BY_NAME[name];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'plaintext';
  return BY_EXTENSION[name.slice(dot + 1)] ?? 'plaintext';
}

/** How a language reads in a label, by Monaco id; ids not listed read as written. */
const LANGUAGE_NAMES: Record<string, string> = {
  shell: 'Shell',
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  markdown: 'Markdown',
  python: 'Python',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  ruby: 'Ruby',
  php: 'PHP',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  scss: 'SCSS',
  less: 'Less',
  html: 'HTML',
  xml: 'XML',
  yaml: 'YAML',
  ini: 'INI',
  sql: 'SQL',
  dockerfile: 'Dockerfile',
  plaintext: 'text',
};

/** A file's language for a label ("TypeScript", "JSON", "text"): the editor's language, except JSON, which the editor highlights as JavaScript. */
export function languageNameForPath(path: string): string {
  if (/\.json$/i.test(path)) return 'JSON';
  const id = languageForPath(path);
  return LANGUAGE_NAMES[id] ?? id;
}
