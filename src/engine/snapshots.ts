import type { Emit, EventPayload, Phase } from '../protocol/events';
import type { SnapshotManifest } from '../protocol/session-file';
import type { Sandbox } from '../sandbox/port';
import { sha256Hex, utf8Length } from '../store/hash';
import type { BlobStore } from '../store/port';
import { captureTree } from './workspace-tree';

type SnapshotReason = EventPayload<'workspace_snapshot'>['reason'];

/** Folders a snapshot leaves out: installed packages and version control can be rebuilt, and they are large. */
export function outsideSnapshots(path: string): boolean {
  const top = path.split('/', 1)[0];
  return top === 'node_modules' || top === '.git';
}

/**
 * Content-addressed workspace snapshots: each file's content is a blob keyed by its SHA-256,
 * and a manifest (path → hash, itself a blob) names a snapshot. An unchanged file costs
 * nothing, and a snapshot identical to the previous one is not recorded again.
 * Paths and contents pass through `redact` (the session's secrets) before they are hashed and
 * stored: a key the model wrote into a file stays in the sandbox but never reaches the store,
 * so restoring such a snapshot puts the placeholder where the key was.
 */
export class WorkspaceSnapshots {
  private previous: SnapshotManifest | null = null;
  /** The hash of the last snapshot's manifest: the run's last checkpoint. */
  latest: string | null = null;
  /** path → [content, hash] from the last capture, so unchanged files are not hashed again. */
  private readonly hashes = new Map<string, [string, string]>();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly blobs: BlobStore,
    private readonly emit: Emit,
    /** Told of each new snapshot (the run's last checkpoint). */
    private readonly onSnapshot: (manifest: string) => void = () => undefined,
    /** What a path or a file's text becomes before it is stored (the registered secrets redacted). */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  /** Starts from a manifest already in the log (a resumed run). */
  continueFrom(manifest: SnapshotManifest, hash: string): void {
    this.previous = manifest;
    this.latest = hash;
    this.onSnapshot(hash);
  }

  async take(reason: 'run_start' | 'step' | 'run_end' | 'user_edit', callId?: string): Promise<void> {
    await this.record(reason, callId ? { callId } : {}, false);
  }

  /**
   * The checkpoint at a phase boundary, before the phase moves to `phase`: recorded even when
   * nothing changed since the last snapshot, so each phase has a named start. Returns its manifest.
   */
  async checkpoint(phase: Phase): Promise<string> {
    return this.record('phase', { phase }, true);
  }

  /** Captures the workspace and records it, unless it equals the last snapshot and `always` is off. Returns its manifest's hash. */
  private async record(reason: SnapshotReason, extra: { callId?: string; phase?: Phase }, always: boolean): Promise<string> {
    const tree = await captureTree(this.sandbox, this.sandbox.workdir, outsideSnapshots);
    const entries: [string, string][] = [];
    let bytes = 0;
    for (const [path, entry] of [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (entry.kind !== 'file') continue;
      entries.push([this.redact(path), await this.hashOf(path, entry.content)]);
      bytes += utf8Length(entry.content);
    }
    // fromEntries, not assignment: a file named "__proto__" stays a file.
    const manifest: SnapshotManifest = Object.fromEntries(entries);
    const changed = countChanges(this.previous, manifest);
    const text = JSON.stringify(manifest);
    const hash = await sha256Hex(text);
    if (this.previous !== null && changed === 0 && !always) return hash;
    await this.blobs.putBlob(hash, text);
    this.previous = manifest;
    this.latest = hash;
    this.onSnapshot(hash);
    this.emit({ type: 'workspace_snapshot', manifest: hash, reason, ...extra, files: Object.keys(manifest).length, bytes, changed });
    return hash;
  }

  private async hashOf(path: string, content: string): Promise<string> {
    const known = this.hashes.get(path);
    if (known && known[0] === content) return known[1];
    const stored = this.redact(content);
    const hash = await sha256Hex(stored);
    await this.blobs.putBlob(hash, stored);
    this.hashes.set(path, [content, hash]);
    return hash;
  }
}

function countChanges(before: SnapshotManifest | null, after: SnapshotManifest): number {
  if (before === null) return Object.keys(after).length;
  let changed = 0;
  for (const [path, hash] of Object.entries(after)) if (!Object.hasOwn(before, path) || before[path] !== hash) changed++;
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) changed++;
  return changed;
}
