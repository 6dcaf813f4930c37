/**
 * The names a CommonJS file exports, found in its text the way Node's cjs-module-lexer does for
 * the common shapes (`exports.x =`, `module.exports.x =`, `module.exports = { a, b: …, c() {} }`),
 * so `import { x } from './file.cjs'` works. Misses cost nothing: the default export has it all.
 */
export function cjsExportNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=[^=]/g)) names.add(match[1] ?? '');
  for (const match of source.matchAll(/Object\.defineProperty\(\s*(?:module\.)?exports\s*,\s*['"]([A-Za-z_$][\w$]*)['"]/g)) names.add(match[1] ?? '');
  const literal = /module\.exports\s*=\s*\{([^}]*)\}/.exec(source);
  if (literal) {
    for (const part of (literal[1] ?? '').split(',')) {
      const name = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*(?:[:(]|$)/.exec(part)?.[1];
      if (name) names.add(name);
    }
  }
  names.delete('');
  names.delete('default');
  names.delete('__esModule');
  return [...names];
}
