/**
 * A bounded cache from a text to what was rendered for it, oldest first out. Bounded by entries and
 * by the total length of the texts, so a long message streamed in many steps cannot fill memory.
 */
export class RenderCache<V> {
  private readonly entries = new Map<string, V>();
  private textLength = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxTextLength: number,
  ) {}

  /** The cached value for `text`, or what `render` makes (cached when it fits). */
  get(text: string, render: () => V): V {
    const hit = this.entries.get(text);
    if (hit !== undefined) {
      // Most recently used goes last, so eviction takes the least recently used.
      this.entries.delete(text);
      this.entries.set(text, hit);
      return hit;
    }
    const value = render();
    if (text.length > this.maxTextLength) return value;
    this.entries.set(text, value);
    this.textLength += text.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.textLength <= this.maxTextLength) break;
      this.entries.delete(oldest);
      this.textLength -= oldest.length;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
