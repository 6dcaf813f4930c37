import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { SessionStore } from '../store/port';
import { exportSession, type LoadedSession, parseSessionFile } from '../store/session-file';
import { environmentSecrets } from './environment-key';

/** Reads and checks a `*.phasegate.json` file; any problem is one clear error. */
export async function readSessionFile(path: string): Promise<LoadedSession> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  const loaded = await parseSessionFile(text);
  if (!loaded.ok) throw new Error(`${path}: ${loaded.error}`);
  return loaded.session;
}

/**
 * Keeps a session file up to date while a run writes to the store: each write replaces the
 * file whole (through a temporary file and a rename), so a run killed at any moment leaves a
 * complete file that `run --resume` can go on from.
 */
export class SessionFileWriter {
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  sessionId: string | null = null;
  /** What the written file redacts: the environment's keys, and the run's once it has an engine. */
  secrets: () => readonly string[] = environmentSecrets;

  constructor(
    private readonly store: SessionStore,
    private readonly path: string,
  ) {}

  /** Writes soon; writes asked for while one is under way become one. */
  schedule(): Promise<void> {
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      await this.write();
    });
    return this.chain;
  }

  private async write(): Promise<void> {
    const id = this.sessionId ?? (await this.store.listSessions())[0]?.id;
    if (!id) return;
    const file = await exportSession(this.store, id, { secrets: this.secrets() });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await mkdir(dirname(resolve(this.path)), { recursive: true });
    await writeFile(temporary, JSON.stringify(file));
    await rename(temporary, this.path);
  }
}

/** Where a workspace path lands under `root`, or null when it would leave it (the file is untrusted). */
export function pathUnder(root: string, relativePath: string): string | null {
  if (relativePath === '' || relativePath.startsWith('/') || relativePath.includes('\\') || relativePath.includes('\0')) return null;
  if (relativePath.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) return null;
  const base = resolve(root);
  const target = resolve(base, relativePath);
  return target.startsWith(base + sep) ? target : null;
}
