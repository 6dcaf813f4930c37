// Kept, not lru-cache: this is already the Map-based helper the issue offers instead, and lru-cache would add 5.6 KB gzip of TTL and size accounting we do not use.
import type { LanguageId } from './languages';

/** The last `size` values by key; reading or writing one makes it the newest, the oldest goes first (`onDrop` frees it). */
export class RecentlyUsed<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly size: number,
    private readonly onDrop: (value: V) => void = () => {},
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.touch(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.touch(key, value);
    if (this.entries.size <= this.size) return;
    const [oldestKey, oldest] = this.entries.entries().next().value as [string, V];
    this.entries.delete(oldestKey);
    this.onDrop(oldest);
  }

  private touch(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
  }
}

/** A key for what is known about one exact text in one language (its tree, its symbols). */
export function sourceKey(source: string, language: LanguageId): string {
  return `${language}\u0000${source}`;
}
