/**
 * Guest JavaScript (runs inside QuickJS): Node's `Buffer`, a `Uint8Array` subclass with the
 * encodings small programs use (utf8, hex, base64, base64url, latin1/binary, ascii, utf16le).
 * UTF-8 goes through `host.encode`/`host.decode`; needs `nodeError` and `INSPECT_CUSTOM` in scope.
 */
export const GUEST_BUFFER = String.raw`
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((c, i) => [c, i]).concat([['-', 62], ['_', 63]]));
function normalizeEncoding(encoding) {
  const name = String(encoding === undefined || encoding === null ? 'utf8' : encoding).toLowerCase();
  switch (name) {
    case 'utf8': case 'utf-8': return 'utf8';
    case 'hex': return 'hex';
    case 'base64': return 'base64';
    case 'base64url': return 'base64url';
    case 'latin1': case 'binary': return 'latin1';
    case 'ascii': return 'ascii';
    case 'ucs2': case 'ucs-2': case 'utf16le': case 'utf-16le': return 'utf16le';
    default: {
      const err = new TypeError('Unknown encoding: ' + encoding);
      err.code = 'ERR_UNKNOWN_ENCODING';
      throw err;
    }
  }
}
function base64Encode(bytes, url) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
    out += BASE64_ALPHABET[(n >> 18) & 63] + BASE64_ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64_ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64_ALPHABET[n & 63] : '=';
  }
  return url ? out.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : out;
}
function base64Decode(text) {
  const out = [];
  let bits = 0;
  let value = 0;
  for (const c of text) {
    if (c === '=') break;
    const v = BASE64_VALUES.get(c);
    if (v === undefined) continue;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) { bits -= 8; out.push((value >> bits) & 255); }
  }
  return Uint8Array.from(out);
}
function hexDecode(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const byte = parseInt(text.slice(i, i + 2), 16);
    if (Number.isNaN(byte) || !/^[0-9a-fA-F]{2}$/.test(text.slice(i, i + 2))) break;
    out.push(byte);
  }
  return Uint8Array.from(out);
}
function encodeString(text, encoding) {
  text = String(text);
  switch (normalizeEncoding(encoding)) {
    case 'utf8': return new Uint8Array(host.encode(text));
    case 'hex': return hexDecode(text);
    case 'base64': case 'base64url': return base64Decode(text);
    case 'latin1': case 'ascii': return Uint8Array.from(text, (c) => c.charCodeAt(0) & 255);
    case 'utf16le': {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) { const code = text.charCodeAt(i); out[i * 2] = code & 255; out[i * 2 + 1] = code >> 8; }
      return out;
    }
  }
}
function decodeBytes(bytes, encoding) {
  switch (normalizeEncoding(encoding)) {
    case 'utf8': return host.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    case 'hex': return Array.from(bytes, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
    case 'base64': return base64Encode(bytes, false);
    case 'base64url': return base64Encode(bytes, true);
    case 'latin1': return Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    case 'ascii': return Array.from(bytes, (b) => String.fromCharCode(b & 127)).join('');
    case 'utf16le': {
      let out = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
      return out;
    }
  }
}
function bufferArgumentError(name, value) {
  return nodeError(Object.assign(new TypeError('The "' + name + '" argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. Received ' + (value === null ? 'null' : typeof value)), { code: 'ERR_INVALID_ARG_TYPE' }));
}
function bufferOf(bytes) { const out = new Buffer(bytes.length); out.set(bytes); return out; }
function dataViewOf(bytes) { return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength); }
class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return bufferOf(encodeString(value, encodingOrOffset));
    if (value instanceof ArrayBuffer) {
      const offset = Number(encodingOrOffset) || 0;
      return new Buffer(value, offset, length === undefined ? value.byteLength - offset : length);
    }
    if (ArrayBuffer.isView(value)) return bufferOf(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    if (value && value.type === 'Buffer' && Array.isArray(value.data)) return bufferOf(Uint8Array.from(value.data));
    if (Array.isArray(value) || (value && typeof value === 'object' && typeof value.length === 'number')) return bufferOf(Uint8Array.from(Array.from(value), (v) => Number(v) & 255));
    throw bufferArgumentError('first', value);
  }
  static alloc(size, fill, encoding) { const out = new Buffer(size); if (fill !== undefined && fill !== 0) out.fill(fill, 0, size, encoding); return out; }
  static allocUnsafe(size) { return new Buffer(size); }
  static allocUnsafeSlow(size) { return new Buffer(size); }
  static isBuffer(value) { return value instanceof Buffer; }
  static isEncoding(encoding) { try { normalizeEncoding(encoding); return typeof encoding === 'string'; } catch (err) { return false; } }
  static byteLength(value, encoding) {
    if (typeof value === 'string') return encodeString(value, encoding).length;
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value.byteLength;
    throw bufferArgumentError('string', value);
  }
  static concat(list, totalLength) {
    const total = totalLength === undefined ? list.reduce((sum, b) => sum + b.length, 0) : totalLength;
    const out = Buffer.alloc(total);
    let at = 0;
    for (const b of list) {
      if (at >= total) break;
      const part = b.length > total - at ? b.subarray(0, total - at) : b;
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
  static compare(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  get parent() { return this.buffer; }
  toString(encoding, start, end) {
    const from = Math.max(0, start === undefined ? 0 : Number(start) || 0);
    const to = Math.min(this.length, end === undefined ? this.length : Number(end) || 0);
    return to <= from ? '' : decodeBytes(this.subarray(from, to), encoding);
  }
  toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
  equals(other) {
    if (!(other instanceof Uint8Array)) throw bufferArgumentError('otherBuffer', other);
    return Buffer.compare(this, other) === 0;
  }
  compare(other) { return Buffer.compare(this, other); }
  // Node's slice shares memory with the original, like subarray (Uint8Array's slice copies).
  slice(start, end) { return this.subarray(start, end); }
  subarray(start, end) { const part = super.subarray(start, end); return part instanceof Buffer ? part : new Buffer(part.buffer, part.byteOffset, part.length); }
  fill(value, offset, end, encoding) {
    if (typeof offset === 'string') { encoding = offset; offset = 0; end = this.length; }
    if (typeof end === 'string') { encoding = end; end = this.length; }
    const from = offset === undefined ? 0 : offset;
    const to = end === undefined ? this.length : end;
    if (typeof value !== 'string' && !(value instanceof Uint8Array)) return super.fill(Number(value) & 255, from, to);
    const pattern = typeof value === 'string' ? encodeString(value, encoding) : value;
    if (pattern.length === 0) return super.fill(0, from, to);
    for (let i = from; i < to; i++) this[i] = pattern[(i - from) % pattern.length];
    return this;
  }
  write(text, offset, length, encoding) {
    if (typeof offset === 'string') { encoding = offset; offset = 0; length = undefined; }
    if (typeof length === 'string') { encoding = length; length = undefined; }
    const at = offset === undefined ? 0 : offset;
    const bytes = encodeString(text, encoding);
    const count = Math.min(bytes.length, this.length - at, length === undefined ? Infinity : length);
    this.set(bytes.subarray(0, count), at);
    return count;
  }
  indexOf(value, byteOffset, encoding) {
    if (typeof value === 'number') return super.indexOf(value & 255, byteOffset);
    const needle = typeof value === 'string' ? encodeString(value, encoding) : value;
    for (let i = byteOffset === undefined ? 0 : byteOffset; i + needle.length <= this.length; i++) {
      let found = true;
      for (let j = 0; j < needle.length && found; j++) found = this[i + j] === needle[j];
      if (found) return i;
    }
    return -1;
  }
  includes(value, byteOffset, encoding) { return this.indexOf(value, byteOffset, encoding) !== -1; }
  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const part = this.subarray(sourceStart, Math.min(sourceEnd, sourceStart + target.length - targetStart));
    target.set(part, targetStart);
    return part.length;
  }
  readUInt8(o = 0) { return dataViewOf(this).getUint8(o); }
  readInt8(o = 0) { return dataViewOf(this).getInt8(o); }
  readUInt16LE(o = 0) { return dataViewOf(this).getUint16(o, true); }
  readUInt16BE(o = 0) { return dataViewOf(this).getUint16(o, false); }
  readInt16LE(o = 0) { return dataViewOf(this).getInt16(o, true); }
  readInt16BE(o = 0) { return dataViewOf(this).getInt16(o, false); }
  readUInt32LE(o = 0) { return dataViewOf(this).getUint32(o, true); }
  readUInt32BE(o = 0) { return dataViewOf(this).getUint32(o, false); }
  readInt32LE(o = 0) { return dataViewOf(this).getInt32(o, true); }
  readInt32BE(o = 0) { return dataViewOf(this).getInt32(o, false); }
  readDoubleLE(o = 0) { return dataViewOf(this).getFloat64(o, true); }
  readDoubleBE(o = 0) { return dataViewOf(this).getFloat64(o, false); }
  writeUInt8(v, o = 0) { dataViewOf(this).setUint8(o, v); return o + 1; }
  writeInt8(v, o = 0) { dataViewOf(this).setInt8(o, v); return o + 1; }
  writeUInt16LE(v, o = 0) { dataViewOf(this).setUint16(o, v, true); return o + 2; }
  writeUInt16BE(v, o = 0) { dataViewOf(this).setUint16(o, v, false); return o + 2; }
  writeUInt32LE(v, o = 0) { dataViewOf(this).setUint32(o, v, true); return o + 4; }
  writeUInt32BE(v, o = 0) { dataViewOf(this).setUint32(o, v, false); return o + 4; }
  writeInt32LE(v, o = 0) { dataViewOf(this).setInt32(o, v, true); return o + 4; }
  writeInt32BE(v, o = 0) { dataViewOf(this).setInt32(o, v, false); return o + 4; }
  writeDoubleLE(v, o = 0) { dataViewOf(this).setFloat64(o, v, true); return o + 8; }
  writeDoubleBE(v, o = 0) { dataViewOf(this).setFloat64(o, v, false); return o + 8; }
  [INSPECT_CUSTOM]() {
    const shown = Array.from(this.subarray(0, 50), (b) => (b < 16 ? '0' : '') + b.toString(16)).join(' ');
    return '<Buffer' + (shown ? ' ' + shown : '') + (this.length > 50 ? ' ... ' + (this.length - 50) + ' more bytes' : '') + '>';
  }
}
for (const name of Object.getOwnPropertyNames(Buffer.prototype)) {
  if (/^(read|write)U?Int/.test(name) || /^(read|write)Double/.test(name)) Buffer.prototype[name.replace('UInt', 'Uint')] = Buffer.prototype[name];
}
Buffer.poolSize = 8192;
const bufferModule = { Buffer, constants: { MAX_LENGTH: 2 ** 31 - 1 }, kMaxLength: 2 ** 31 - 1, atob: (s) => decodeBytes(base64Decode(String(s)), 'latin1'), btoa: (s) => base64Encode(encodeString(s, 'latin1'), false) };
`;
