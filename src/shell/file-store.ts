import type { FileContent } from './judge-context';

/**
 * The workspace files the caller gave the classifier, and the ones it still
 * needs. The classifier is synchronous and reads nothing itself: a file that
 * was not given is recorded in `needed` and judged as unknown (fail closed).
 */
export class FileStore {
  readonly needed = new Set<string>();
  /** Every file whose content was used, to notice commands that change one before it is run. */
  readonly used = new Set<string>();

  constructor(
    private readonly files: ReadonlyMap<string, string | null> = new Map(),
    private readonly unreadable: ReadonlyMap<string, string> = new Map(),
  ) {}

  read(path: string): FileContent {
    const why = this.unreadable.get(path);
    if (why !== undefined) return { status: 'unreadable', path, why };
    const text = this.files.get(path);
    if (text === undefined) {
      this.needed.add(path);
      return { status: 'pending', path };
    }
    this.used.add(path);
    return text === null ? { status: 'missing', path } : { status: 'ok', text, path };
  }
}
