/** Web Crypto's getRandomValues fills at most this many bytes at a time. */
const ENTROPY_CHUNK_BYTES = 65536;

/** `size` bytes from the host's secure random source (Web Crypto, in the browser and in Node alike). */
export function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(0, Math.floor(size)));
  for (let at = 0; at < bytes.length; at += ENTROPY_CHUNK_BYTES) crypto.getRandomValues(bytes.subarray(at, at + ENTROPY_CHUNK_BYTES));
  return bytes;
}
