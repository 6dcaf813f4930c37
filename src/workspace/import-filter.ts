import { concatBytes } from '../protocol/bytes';
import { type GitignoreRule, isIgnoredByRules, parseGitignore } from '../protocol/gitignore';
import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { count, MB, megabytes } from './figures';
import { isWorkspacePath, parentFolders, type WorkspaceFiles } from './files';
import { TextSniffer } from './text';

export interface ImportLimits {
  /** Files loaded at most. */
  maxFiles: number;
  /** Bytes loaded at most, all files together. */
  maxTotalBytes: number;
  /** A binary file larger than this is skipped rather than loaded. */
  maxBinaryBytes: number;
}

export const IMPORT_LIMITS: ImportLimits = { maxFiles: 20_000, maxTotalBytes: 50 * MB, maxBinaryBytes: MB };

export type SkipReason = 'ignored' | 'node_modules' | 'git' | 'binary_too_large' | 'too_deep';

export interface ImportCounts {
  loaded: number;
  /** Entries left out, by reason. A folder skipped whole (`skipFolder`) counts as one. */
  skipped: Record<SkipReason, number>;
}

export type ImportResult = { ok: true; files: WorkspaceFiles; counts: ImportCounts } | { ok: false; error: string; counts: ImportCounts };

/** One file's bytes as they are read. Chunks are kept as given, not copied. */
export interface FileIntake {
  /** Takes the next chunk; false once the file is decided (skipped, or past a cap) and reading it can stop. */
  push(chunk: Uint8Array): boolean;
  /** After the last chunk, or after `push` said stop. */
  end(): void;
}

type Verdict = { kind: 'keep'; bytes: Uint8Array } | { kind: 'binary_too_large' } | { kind: 'over_bytes'; size: number };

/**
 * Decides which files of an imported folder or zip are loaded, entry by entry, so the reader
 * can stop reading contents once a cap is passed. Skipped: whatever a .gitignore ignores (root
 * and nested), `node_modules/` and `.git/` anywhere, and binary files (a NUL byte in the first
 * 8 KB, or not UTF-8) over 1 MB, and paths deeper than the sandbox takes (`MAX_PATH_DEPTH`). Capped: 50 MB and 20,000 files loaded.
 *
 * Each .gitignore must be offered before any other entry of its folder (a walk reads it first;
 * `importOrder` sorts a list that way): rules cannot reach back to files already kept.
 */
export class ImportFilter {
  readonly limits: ImportLimits;
  private readonly source: 'folder' | 'zip';
  private readonly files = new Map<string, Uint8Array>();
  private readonly rulesByFolder = new Map<string, GitignoreRule[]>();
  /** Folders holding an entry offered so far: too late for a .gitignore of theirs. */
  private readonly entered = new Set<string>();
  private readonly loaded = { files: 0, bytes: 0 };
  private readonly skipped: Record<SkipReason, number> = { ignored: 0, node_modules: 0, git: 0, binary_too_large: 0, too_deep: 0 };
  /** Once a cap is passed: which one, and the figures counted on for the message (contents are no longer read). */
  private over: { cap: 'files' | 'bytes'; files: number; bytes: number } | null = null;

  constructor(options: { limits?: Partial<ImportLimits>; source?: 'folder' | 'zip' } = {}) {
    this.limits = { ...IMPORT_LIMITS, ...options.limits };
    this.source = options.source ?? 'folder';
  }

  /** For a walk, before entering a folder: why to skip it whole, or null to enter it. */
  skipFolder(path: string): SkipReason | null {
    const reason = this.pathReason(path, true);
    if (reason) this.skipped[reason]++;
    return reason;
  }

  /**
   * Offers a file by path and, when known, size (a zip's declared size is trusted only to skip
   * a file, never to bound reading). Null when its contents are not wanted: skipped by path, or
   * a cap was passed. After a cap, keep offering the remaining files (nothing is read) so the
   * message gives the real figure.
   */
  open(path: string, size?: number): FileIntake | null {
    const reason = this.pathReason(path, false);
    if (reason) {
      this.skipped[reason]++;
      return null;
    }
    if (this.over) {
      this.over.files++;
      this.over.bytes += size ?? 0;
      return null;
    }
    return this.intake(path, size);
  }

  /** `open`, `push` and `end` for a file whose bytes are at hand. */
  add(path: string, bytes: Uint8Array): void {
    const intake = this.open(path, bytes.length);
    if (!intake) return;
    intake.push(bytes);
    intake.end();
  }

  /** The message naming the cap passed and the figure, or null while within the caps. */
  get error(): string | null {
    if (!this.over) return null;
    const what = this.source === 'zip' ? 'The zip' : 'The folder';
    const figures =
      this.over.cap === 'files'
        ? `has ${count(this.over.files)} files; the limit is ${count(this.limits.maxFiles)}.`
        : `has ${megabytes(this.over.bytes)} of files; the limit is ${megabytes(this.limits.maxTotalBytes)}.`;
    return `${what} ${figures} Files a .gitignore ignores are left out: ignore build output and data, then try again.`;
  }

  get counts(): ImportCounts {
    return { loaded: this.loaded.files, skipped: { ...this.skipped } };
  }

  result(): ImportResult {
    const error = this.error;
    return error === null ? { ok: true, files: this.files, counts: this.counts } : { ok: false, error, counts: this.counts };
  }

  private pathReason(path: string, isFolder: boolean): SkipReason | null {
    if (!isWorkspacePath(path)) throw new Error(`Not a workspace path: ${JSON.stringify(path)}`);
    const folders = parentFolders(path);
    if (isGitignore(path) && this.entered.has(folders[folders.length - 1] as string)) {
      throw new Error(`${path} was offered after other entries of its folder; offer each .gitignore first (see importOrder).`);
    }
    for (const folder of folders) this.entered.add(folder);
    const segments = path.split('/');
    // The sandbox refuses paths past the depth limit: a folder at the limit can hold no file.
    if (segments.length > MAX_PATH_DEPTH || (isFolder && segments.length >= MAX_PATH_DEPTH)) return 'too_deep';
    if (segments.includes('node_modules')) return 'node_modules';
    if (segments.includes('.git')) return 'git';
    const rules = folders.flatMap((folder) => this.rulesByFolder.get(folder) ?? []);
    return isIgnoredByRules(rules, path, isFolder) ? 'ignored' : null;
  }

  private intake(path: string, declared: number | undefined): FileIntake {
    const { maxBinaryBytes, maxTotalBytes } = this.limits;
    const sniffer = new TextSniffer();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let decided = false;
    // Past this size the file cannot be loaded: binary, it is too large; text, it passes the byte cap.
    // A file still reading as text there counts as text: its end is never read.
    const readLimit = Math.max(maxTotalBytes - this.loaded.bytes, maxBinaryBytes);
    const tooLargeIfBinary = () => size > maxBinaryBytes || (declared ?? 0) > maxBinaryBytes;
    const decide = (verdict: Verdict) => {
      decided = true;
      this.settle(path, verdict, declared);
    };
    return {
      push: (chunk) => {
        if (decided) return false;
        sniffer.push(chunk);
        chunks.push(chunk);
        size += chunk.length;
        if (sniffer.binary && tooLargeIfBinary()) decide({ kind: 'binary_too_large' });
        else if (size > readLimit) decide({ kind: 'over_bytes', size });
        return !decided;
      },
      end: () => {
        if (decided) return;
        const binary = sniffer.finish() === null;
        decide(binary && tooLargeIfBinary() ? { kind: 'binary_too_large' } : { kind: 'keep', bytes: concatBytes(chunks) });
      },
    };
  }

  private settle(path: string, verdict: Verdict, declared: number | undefined): void {
    if (verdict.kind === 'binary_too_large') {
      this.skipped.binary_too_large++;
      return;
    }
    const size = verdict.kind === 'keep' ? verdict.bytes.length : Math.max(verdict.size, declared ?? 0);
    if (this.over) {
      // A file read side by side with the one that passed a cap: it adds to the figures.
      this.over.files++;
      this.over.bytes += size;
    } else if (verdict.kind === 'over_bytes' || this.loaded.bytes + size > this.limits.maxTotalBytes) {
      this.over = { cap: 'bytes', files: this.loaded.files + 1, bytes: this.loaded.bytes + size };
    } else if (this.loaded.files + 1 > this.limits.maxFiles) {
      this.over = { cap: 'files', files: this.loaded.files + 1, bytes: this.loaded.bytes + size };
    } else {
      this.keep(path, verdict.bytes);
    }
  }

  private keep(path: string, bytes: Uint8Array): void {
    this.files.set(path, bytes);
    this.loaded.files++;
    this.loaded.bytes += bytes.length;
    if (isGitignore(path)) {
      const folder = path.slice(0, Math.max(0, path.lastIndexOf('/')));
      this.rulesByFolder.set(folder, parseGitignore(new TextDecoder().decode(bytes), folder));
    }
  }
}

/** The paths in the order ImportFilter needs: every .gitignore first, shallower ones first, then the rest as given. */
export function importOrder(paths: Iterable<string>): string[] {
  const all = [...paths];
  const depth = (path: string) => path.split('/').length;
  const gitignores = all.filter(isGitignore).sort((a, b) => depth(a) - depth(b));
  return [...gitignores, ...all.filter((path) => !isGitignore(path))];
}

const isGitignore = (path: string): boolean => path === '.gitignore' || path.endsWith('/.gitignore');
