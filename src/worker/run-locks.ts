/**
 * Marks a run as alive while its worker runs it, with the Web Locks API: a lock is released
 * when its worker ends, however it ends, so a stored run still "running" whose lock nobody
 * holds was interrupted (its tab reloaded or closed, its worker died), not running in another tab.
 */
interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

const PREFIX = 'phasegate-run:';

function lockManager(): LockManagerLike | null {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ?? null;
}

export class RunLocks {
  private readonly releases = new Map<string, () => void>();
  /** Runs this worker holds, for platforms without Web Locks. */
  private readonly local = new Set<string>();

  hold(runId: string): void {
    this.local.add(runId);
    const locks = lockManager();
    if (!locks) return;
    void locks.request(PREFIX + runId, () => new Promise<void>((resolve) => this.releases.set(runId, resolve))).catch(() => undefined);
  }

  release(runId: string): void {
    this.local.delete(runId);
    this.releases.get(runId)?.();
    this.releases.delete(runId);
  }

  /** The runs someone (this worker or another tab's) is running now. */
  async alive(): Promise<Set<string>> {
    const alive = new Set(this.local);
    const locks = lockManager();
    if (!locks) return alive;
    const { held = [] } = await locks.query();
    for (const lock of held) if (lock.name?.startsWith(PREFIX)) alive.add(lock.name.slice(PREFIX.length));
    return alive;
  }
}
