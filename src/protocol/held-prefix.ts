/**
 * Length of the longest tail of `text` that is a proper beginning of `word`:
 * what a stream must hold back because the next piece may complete `word`.
 */
export function heldPrefixLength(text: string, word: string): number {
  for (let length = Math.min(word.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(word.slice(0, length))) return length;
  }
  return 0;
}
