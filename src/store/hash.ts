const encoder = new TextEncoder();

/** UTF-8 bytes of a text, counted without copying it when it is short. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** SHA-256 of a text's UTF-8 bytes, in lower-case hex: a blob's key (Web Crypto, in the browser and in Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
