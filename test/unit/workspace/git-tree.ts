/** Real git over a temporary folder, for checking patches with `git apply` (Node only). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { WorkspaceFiles } from '../../../src/workspace/files';

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };

export function git(dir: string, args: string[], input?: string): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'core.quotepath=false', ...args], {
    cwd: dir,
    env: GIT_ENV,
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** A temporary git repository holding `files`, committed. */
export function committedRepo(files: WorkspaceFiles): string {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-patch-'));
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  git(dir, ['init', '-q']);
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'before']);
  return dir;
}

/** Every file under `dir` but .git, by workspace path. */
export function readTree(dir: string, root = dir, out = new Map<string, Uint8Array>()): Map<string, Uint8Array> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git' || dir !== root) readTree(full, root, out);
    } else {
      out.set(relative(root, full), new Uint8Array(readFileSync(full)));
    }
  }
  return out;
}

export function removeRepo(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
