/**
 * Which refusal toasts are on screen. Every item shows once: ids already seen never
 * come back, however often the same state is rendered or a batch repeats items.
 */
export interface ToastQueue<T extends { id: string }> {
  seen: ReadonlySet<string>;
  visible: readonly T[];
}

/** More than this and the oldest toast makes room; the Timeline keeps every refusal. */
export const MAX_VISIBLE_TOASTS = 3;

export function emptyQueue<T extends { id: string }>(alreadySeen: Iterable<string> = []): ToastQueue<T> {
  return { seen: new Set(alreadySeen), visible: [] };
}

export function admit<T extends { id: string }>(queue: ToastQueue<T>, items: readonly T[], max = MAX_VISIBLE_TOASTS): ToastQueue<T> {
  const fresh = items.filter((item, index) => !queue.seen.has(item.id) && items.findIndex((other) => other.id === item.id) === index);
  if (fresh.length === 0) return queue;
  const seen = new Set(queue.seen);
  for (const item of fresh) seen.add(item.id);
  return { seen, visible: [...queue.visible, ...fresh].slice(-max) };
}

export function dismiss<T extends { id: string }>(queue: ToastQueue<T>, id: string): ToastQueue<T> {
  if (!queue.visible.some((item) => item.id === id)) return queue;
  return { ...queue, visible: queue.visible.filter((item) => item.id !== id) };
}
