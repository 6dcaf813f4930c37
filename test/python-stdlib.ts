import { execFileSync } from 'node:child_process';

/**
 * Where python3's standard library lives: real Python code for tests and benchmarks. Throws when python3
 * is missing: it is part of this machine's toolchain, so tests fail rather than skip without it.
 */
export function pythonStdlib(): string {
  return execFileSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim();
}
