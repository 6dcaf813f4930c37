/** Web Crypto's getRandomValues fills at most this many bytes at a time. */
const ENTROPY_CHUNK_BYTES = 65536;

/** `size` bytes from the host's secure random source (Web Crypto, in the browser and in Node alike). */
export function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(0, Math.floor(size)));
  for (let at = 0; at < bytes.length; at += ENTROPY_CHUNK_BYTES) crypto.getRandomValues(bytes.subarray(at, at + ENTROPY_CHUNK_BYTES));
  return bytes;
}

/** A version 4 UUID from `randomBytes` (Web Crypto's own randomUUID exists only in secure contexts). */
export function randomUUID(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
