/**
 * Guest JavaScript (runs inside QuickJS): `node:os` (what the sandbox is: Linux, one wasm CPU,
 * /tmp, $HOME) and `node:crypto`'s random half (`randomUUID`, `getRandomValues`, `randomBytes`,
 * `randomInt`, also as the global `crypto`), from the host's secure random source. Hashing,
 * ciphers and keys fail naming the function. Needs `Buffer`, `unsupported` and `process` in scope.
 */
export const GUEST_SYSTEM = String.raw`
const os = {
  EOL: '\n',
  devNull: '/dev/null',
  constants: { signals: {}, errno: {} },
  platform: () => 'linux',
  type: () => 'Linux',
  arch: () => 'wasm32',
  machine: () => 'wasm32',
  release: () => '6.0.0-phasegate',
  version: () => '#1 Phasegate virtual sandbox',
  hostname: () => 'sandbox',
  endianness: () => 'LE',
  tmpdir: () => '/tmp',
  homedir: () => process.env.HOME || '/home/user',
  userInfo: () => ({ username: 'user', uid: 1000, gid: 1000, shell: '/bin/bash', homedir: process.env.HOME || '/home/user' }),
  cpus: () => [{ model: 'WebAssembly (QuickJS)', speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } }],
  availableParallelism: () => 1,
  totalmem: () => 256 * 1024 * 1024,
  freemem: () => 128 * 1024 * 1024,
  uptime: () => Math.floor(process.uptime()),
  loadavg: () => [0, 0, 0],
  networkInterfaces: () => ({}),
};

function getRandomValues(array) {
  if (!ArrayBuffer.isView(array) || array instanceof DataView || array instanceof Float32Array || array instanceof Float64Array) {
    throw nodeError(Object.assign(new TypeError('The data argument must be an integer-type TypedArray'), { code: 'ERR_INVALID_ARG_TYPE', name: 'TypeMismatchError' }));
  }
  if (array.byteLength > 65536) throw new RangeError('The ArrayBufferView byte length (' + array.byteLength + ') exceeds the number of bytes of entropy available via this API (65536)');
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(new Uint8Array(host.randomBytes(array.byteLength)));
  return array;
}
function randomUUID() { return host.randomUUID(); }
function randomBytes(size, callback) {
  const bytes = Buffer.from(host.randomBytes(Number(size)));
  if (typeof callback === 'function') { timers.setTimeout(() => callback(null, bytes), 0); return undefined; }
  return bytes;
}
function randomInt(min, max, callback) {
  if (max === undefined || typeof max === 'function') { callback = max; max = min; min = 0; }
  const range = max - min;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || range <= 0) throw new RangeError('The value of "max" is out of range. It must be greater than the value of "min" (' + min + ')');
  const words = new Uint32Array(host.randomBytes(8));
  const value = min + Math.floor(((words[0] * 2 ** 32 + words[1]) / 2 ** 64) * range);
  if (typeof callback === 'function') { timers.setTimeout(() => callback(null, value), 0); return undefined; }
  return value;
}
const webcrypto = { getRandomValues, randomUUID };
Object.defineProperty(webcrypto, 'subtle', { get() { throw unsupported('crypto.subtle'); }, enumerable: false });
const cryptoModule = { randomUUID, getRandomValues, randomBytes, randomInt, webcrypto };
cryptoModule.timingSafeEqual = (a, b) => {
  if (a.byteLength !== b.byteLength) throw new RangeError('Input buffers must have the same byte length');
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
};
for (const name of ['createHash', 'createHmac', 'createCipheriv', 'createDecipheriv', 'createSign', 'createVerify', 'pbkdf2', 'pbkdf2Sync', 'scrypt', 'scryptSync', 'generateKeyPair', 'generateKeyPairSync', 'createPublicKey', 'createPrivateKey']) {
  cryptoModule[name] = () => { throw unsupported('crypto.' + name + '()'); };
}
`;
