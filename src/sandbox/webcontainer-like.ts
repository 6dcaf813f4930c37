import type { WebContainer } from '@webcontainer/api';

/**
 * The part of `@webcontainer/api`'s WebContainer the sandbox adapter uses,
 * as a structural type: the adapter never loads the library itself, and tests
 * can stand in a fake. All fs paths are relative to `workdir`.
 */
export interface WebContainerDirEntLike {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface WebContainerFsLike {
  readFile(path: string, encoding: 'utf-8'): Promise<string>;
  writeFile(path: string, data: string): Promise<void>;
  readdir(path: string, options: { withFileTypes: true }): Promise<WebContainerDirEntLike[]>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<unknown>;
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
}

export interface WebContainerProcessLike {
  /** Terminal output: stdout and stderr of the process and its children, merged. */
  output: ReadableStream<string>;
  exit: Promise<number>;
  kill(): void;
}

export interface WebContainerSpawnOptionsLike {
  cwd?: string;
  env?: Record<string, string>;
  terminal?: { cols: number; rows: number };
}

/** A tree for `mount`: the file and directory nodes of WebContainer's FileSystemTree. */
export interface MountTree {
  [name: string]: { file: { contents: string } } | { directory: MountTree };
}

export interface WebContainerLike {
  /** Absolute path of the working directory, e.g. "/home/workspace". */
  readonly workdir: string;
  readonly fs: WebContainerFsLike;
  spawn(command: string, args: string[], options?: WebContainerSpawnOptionsLike): Promise<WebContainerProcessLike>;
  mount(tree: MountTree): Promise<void>;
  teardown?(): void;
  /** A server in the container listens and answers (its address from the page). */
  on?(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
  /** A port opened or closed. */
  on?(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
}

/** Fails to compile if the real WebContainer stops fitting the structural type. */
export type RealWebContainerFits = WebContainer extends WebContainerLike ? true : never;
const realWebContainerFits: RealWebContainerFits = true;
void realWebContainerFits;
