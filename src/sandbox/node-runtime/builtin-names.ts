/** The built-in modules the sandbox's `node` provides (their code is in guest-builtins.ts). */
export const BUILTIN_MODULES = new Set([
  'assert',
  'assert/strict',
  'buffer',
  'crypto',
  'events',
  'fs',
  'fs/promises',
  'os',
  'path',
  'path/posix',
  'process',
  'timers',
  'timers/promises',
  'test',
  'url',
  'util',
]);

/** Built-ins that exist only under their `node:` name (a bare `test` is a package). */
export const PREFIX_ONLY_MODULES = new Set(['test', 'test/reporters', 'sqlite', 'sea']);

/** Node built-ins a program may name but cannot use here: each fails with one line saying so. */
export const UNSUPPORTED_MODULES = new Set([
  'child_process',
  'cluster',
  'dgram',
  'dns',
  'http',
  'http2',
  'https',
  'inspector',
  'module',
  'net',
  'readline',
  'repl',
  'stream',
  'tls',
  'tty',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
  'string_decoder',
  'perf_hooks',
  'async_hooks',
  'diagnostics_channel',
]);
