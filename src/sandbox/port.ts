import type { SandboxInfo } from '../protocol/events';

/**
 * The sandbox port. All paths are absolute POSIX paths; `workdir` is the
 * workspace root the tools keep every path inside of.
 */
export interface DirEntry {
  name: string;
  type: 'file' | 'dir';
  /** Bytes, for files when known. */
  size?: number;
  /**
   * True when the entry is a symbolic link. `type` (and `size`) then describe what it points
   * to, as far as the sandbox can tell; a link whose target is missing counts as a file.
   */
  symlink?: boolean;
}

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  data: string;
}

export interface ExecOptions {
  /** Defaults to the shell's current directory (which persists across exec calls). */
  cwd?: string;
  /** Extra variables for this command only. */
  env?: Record<string, string>;
  /** Kill the command after this many milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called as output arrives (once at the end for sandboxes that cannot stream). */
  onOutput?: (chunk: OutputChunk) => void;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** The shell's directory after the command (cd persists). */
  cwd: string;
}

/**
 * One entry of the file system outside the workspace, as a sandbox's own walk reports it.
 * `path` is relative to "/" ("tmp/x"). Enough to tell a change (a digest where the content
 * is not kept) and, within a budget, to put the entry back.
 */
export interface OutsideEntry {
  path: string;
  /** For a link, what it leads to ("file" when nowhere). */
  kind: 'file' | 'dir';
  /** A symbolic link: its text, as readlink gives it. A link is recorded, never followed. */
  link?: string;
  /** A file that is not a link: SHA-256 of its bytes (hex) and how many. Absent for a device, socket or FIFO. */
  sha256?: string;
  size?: number;
  /** Its bytes (base64), when small enough to keep, so it can be put back. */
  content?: string;
  /** A folder the walk did not read (past the depth or entry bound): nothing in it is vouched for. */
  beyond?: true;
}

/**
 * What a sandbox whose file API stops at the workspace (WebContainer's) offers instead:
 * its own processes read and write the rest of its file system, each call in one go.
 */
export interface OutsideReach {
  /** Every entry outside the workspace and the pseudo folders (/proc, /dev, /sys). */
  capture(): Promise<OutsideEntry[]>;
  /**
   * Removes `remove` (paths relative to "/", links themselves, folders whole), then writes
   * `restore` back as recorded: folders, links as links, files whose content was kept.
   * Returns the paths it failed on.
   */
  putBack(remove: readonly string[], restore: readonly OutsideEntry[]): Promise<string[]>;
}

/** A server of the sandbox's own became ready on a port (reachable from the page at `url`), or closed. */
export type PreviewSignal = { kind: 'ready'; port: number; url: string } | { kind: 'closed'; port: number };

/** What a sandbox whose processes can serve the page (WebContainer's) offers; the virtual sandbox serves nothing. */
export interface PreviewSource {
  /** Calls `listener` for each server that becomes ready or closes from now on; returns how to stop. */
  watch(listener: (signal: PreviewSignal) => void): () => void;
}

export interface Sandbox {
  readonly info: SandboxInfo;
  /** Absolute path of the workspace root, e.g. "/workspace". */
  readonly workdir: string;
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Returns null when the path does not exist. */
  stat(path: string): Promise<{ type: 'file' | 'dir'; size: number } | null>;
  listDir(path: string): Promise<DirEntry[]>;
  /**
   * Where `path` really is: absolute and normalised, with every symbolic link on the way
   * followed (the last component's too). A path that does not exist resolves as far as it
   * exists and keeps the rest as written, so this also tells where a write would land
   * (like `realpath -m`). Throws ELOOP for a cycle of links.
   */
  realpath(path: string): Promise<string>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /** The shell's current directory. */
  cwd(): Promise<string>;
  /**
   * Forgets the environment earlier commands exported (the directory stays), so
   * state set while building (PAGER, BASH_ENV, a GIT_* variable) cannot weaken a
   * later read-only phase.
   */
  resetShellState(): Promise<void>;
  /** Present where the file API cannot read outside the workspace but the sandbox can another way. */
  readonly outside?: OutsideReach;
  /** Present where processes in the sandbox can serve the page: their servers as they open and close. */
  readonly previews?: PreviewSource;
  dispose(): Promise<void>;
}

/** Thrown by file operations; `code` mirrors POSIX errno names. */
export class SandboxError extends Error {
  constructor(
    message: string,
    readonly code: SandboxErrorCode,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/**
 * The sandbox itself stopped working (its process died, its connection is gone): nothing more
 * can run in it. The engine ends the run with sandbox_failure, which a retry (in a fresh
 * sandbox) may cure.
 */
export class SandboxUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxUnavailableError';
  }
}

/** Every code a `SandboxError` may carry, for validating errors that crossed a boundary. */
export const SANDBOX_ERROR_CODES = ['ENOENT', 'EEXIST', 'EISDIR', 'ENOTDIR', 'EINVAL', 'EIO', 'ELOOP'] as const;
export type SandboxErrorCode = (typeof SANDBOX_ERROR_CODES)[number];
