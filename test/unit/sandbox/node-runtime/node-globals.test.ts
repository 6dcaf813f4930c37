import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

/** Runs `lines` as main.js in a fresh sandbox; the run must succeed without stderr. */
async function run(lines: string[], files: Record<string, string> = {}): Promise<string> {
  const box = new VirtualSandbox({ files: { ...files, 'main.js': lines.join('\n') } });
  const result = await box.exec('node main.js');
  expect(result).toMatchObject({ stderr: '', exitCode: 0 });
  return result.stdout;
}

describe('virtual node: Buffer', () => {
  it('encodes and decodes utf8, hex and base64, and compares, joins and cuts buffers', async () => {
    const out = await run([
      "const b = Buffer.from('héllo');",
      "console.log(b.length, b.toString('hex'), b.toString('base64'), b.toString('base64url'), b.toString());",
      "console.log(Buffer.from('aMOpbGxv', 'base64').toString('utf8'), Buffer.from('68c3a9', 'hex').toString(), Buffer.from([104, 105]).toString('latin1'));",
      "console.log(Buffer.byteLength('é'), Buffer.byteLength('aGk=', 'base64'), Buffer.concat([Buffer.from('a'), Buffer.from('bc')]).toString());",
      "console.log(Buffer.from('x').equals(Buffer.from('x')), Buffer.from('x').equals(Buffer.from('y')), Buffer.compare(Buffer.from('a'), Buffer.from('b')));",
      "console.log(Buffer.isBuffer(b), Buffer.isBuffer(new Uint8Array(1)), b instanceof Uint8Array, Buffer.alloc(5, 'ab').toString(), Buffer.alloc(2));",
      // slice and subarray share memory with the original, as in Node.
      "const part = b.slice(1, 3); part[0] = 0x41; console.log(part, part instanceof Buffer, b.subarray(0, 2).toString('hex'), b);",
      'console.log(JSON.stringify(Buffer.from("hi")), Buffer.from(Buffer.from("copy")).toString(), b.includes("llo"), b.indexOf("l"));',
      'const n = Buffer.alloc(4); n.writeUInt32BE(0x01020304); console.log(n.readUInt16LE(0), n.readUInt32BE(0));',
    ]);
    expect(out.split('\n')).toEqual([
      '6 68c3a96c6c6f aMOpbGxv aMOpbGxv héllo',
      'héllo hé hi',
      '2 2 abc',
      'true false -1',
      'true false true ababa <Buffer 00 00>',
      '<Buffer 41 a9> true 6841 <Buffer 68 41 a9 6c 6c 6f>',
      '{"type":"Buffer","data":[104,105]} copy true 3',
      '513 16909060',
      '',
    ]);
  });

  it('fs.readFileSync without an encoding gives a Buffer, and writes take one or an encoding', async () => {
    const out = await run(
      [
        "const fs = require('fs');",
        "const data = fs.readFileSync('in.txt');",
        "console.log(Buffer.isBuffer(data), data.toString(), data.toString('hex'));",
        "fs.writeFileSync('out.bin', Buffer.from([0, 255]));",
        "fs.writeFileSync('b64.txt', 'aGk=', 'base64');",
        "console.log(fs.readFileSync('out.bin'), fs.readFileSync('b64.txt', 'utf8'));",
      ],
      { 'in.txt': 'ok' },
    );
    expect(out).toBe('true ok 6f6b\n<Buffer 00 ff> hi\n');
  });

  it('an unknown encoding fails like Node', async () => {
    const box = new VirtualSandbox();
    const result = await box.exec(`node -e "Buffer.from('x', 'klingon')"`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('TypeError: Unknown encoding: klingon');
  });
});

describe('virtual node: URL and URLSearchParams', () => {
  it('parses with the host parser, keeps searchParams and the URL in step, and refuses an invalid URL', async () => {
    const out = await run([
      "const u = new URL('/p/q?x=1&y=a+b#h', 'https://user:pw@example.com:8080');",
      'console.log(u.href, u.origin, u.host, u.port, u.pathname, u.hash);',
      "console.log(u.searchParams.get('y'), u.searchParams.getAll('x'), u.searchParams.has('z'));",
      "u.searchParams.append('z', 'a b&c'); console.log(u.search);",
      "u.pathname = '/new'; u.hash = ''; console.log(String(u), JSON.stringify({ u }));",
      "try { new URL('not a url'); } catch (e) { console.log(e.name, e.message, e.code); }",
      "console.log(URL.canParse('https://a.b'), URL.canParse('nope'));",
      "const sp = new URLSearchParams({ a: '1', b: 'x y' }); sp.set('a', '2'); sp.sort(); console.log(sp.toString(), [...sp.keys()]);",
      "const { URL: U, fileURLToPath, pathToFileURL } = require('url'); console.log(U === URL, fileURLToPath('file:///tmp/a%20b.txt'), pathToFileURL('/tmp/a b').href);",
    ]);
    expect(out.split('\n')).toEqual([
      'https://user:pw@example.com:8080/p/q?x=1&y=a+b#h https://example.com:8080 example.com:8080 8080 /p/q #h',
      "a b [ '1' ] false",
      '?x=1&y=a+b&z=a+b%26c',
      'https://user:pw@example.com:8080/new?x=1&y=a+b&z=a+b%26c {"u":"https://user:pw@example.com:8080/new?x=1&y=a+b&z=a+b%26c"}',
      'TypeError Invalid URL ERR_INVALID_URL',
      'true false',
      "a=2&b=x+y [ 'a', 'b' ]",
      'true /tmp/a b.txt file:///tmp/a%20b',
      '',
    ]);
  });
});

describe('virtual node: crypto, os and process.hrtime', () => {
  it('gives random UUIDs and bytes, globally and from node:crypto, and names what it lacks', async () => {
    const out = await run([
      "const c = require('node:crypto');",
      'const uuids = new Set([c.randomUUID(), c.randomUUID(), crypto.randomUUID()]);',
      'console.log(uuids.size, [...uuids].every((u) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u)));',
      'const bytes = crypto.getRandomValues(new Uint8Array(32)); console.log(bytes.length, bytes.some((b) => b !== 0));',
      'console.log(c.getRandomValues(new Uint32Array(2)).length, Buffer.isBuffer(c.randomBytes(8)), c.randomBytes(8).length);',
      'const i = c.randomInt(5, 7); console.log(i === 5 || i === 6, c.webcrypto.getRandomValues === c.getRandomValues);',
      "try { c.createHash('sha256'); } catch (e) { console.log(e.message); }",
    ]);
    expect(out.split('\n')).toEqual([
      '3 true',
      '32 true',
      '2 true 8',
      'true true',
      'crypto.createHash() is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js',
      '',
    ]);
  });

  it('describes the sandbox as os and measures time with hrtime', async () => {
    const out = await run([
      "const os = require('os');",
      'console.log(JSON.stringify(os.EOL), os.platform(), os.type(), os.tmpdir(), os.homedir(), os.cpus().length, typeof os.cpus()[0].model);',
      "import('node:os').then((m) => console.log(m.default === os, m.EOL === '\\n'));",
      'const start = process.hrtime(); const big = process.hrtime.bigint();',
      'const later = process.hrtime(start); console.log(later.length, later[0] >= 0, typeof big, process.hrtime.bigint() >= big);',
    ]);
    expect(out).toBe('"\\n" linux Linux /tmp /workspace 1 string\n2 true bigint true\ntrue true\n');
  });
});

describe('virtual node: what it refuses', () => {
  it('fails with one line naming each unsupported module', async () => {
    const box = new VirtualSandbox();
    for (const name of ['child_process', 'net', 'http', 'https', 'worker_threads', 'cluster', 'dgram', 'tls']) {
      const result = await box.exec(`node -e "require('${name}')"`);
      expect(result.exitCode, name).toBe(1);
      expect(result.stderr, name).toBe(
        `node: The module 'node:${name}' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js\n`,
      );
    }
  });

  it('refuses a native addon by name', async () => {
    const box = new VirtualSandbox({ files: { 'build/addon.node': '\u007fELF binary', 'main.js': "require('./build/addon.node');" } });
    const result = await box.exec('node main.js');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      "node: The native addon '/workspace/build/addon.node' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js\n",
    );
  });

  it('a network fetch left unhandled ends the program with one line and exit code 1; a handled one is the program’s to handle', async () => {
    const box = new VirtualSandbox();
    const line = 'node: fetch() to the network is not available in the virtual sandbox (no network)\n';
    for (const program of ["fetch('https://example.com')", "fetch('https://example.com').then((r) => r.json()).then(console.log)"]) {
      const result = await box.exec(`node -e "${program}; setTimeout(() => console.log('not reached'), 50)"`);
      expect(result, program).toMatchObject({ exitCode: 1, stderr: line, stdout: '' });
    }
    const awaited = await box.exec(`node -e "(async () => { await fetch('https://example.com'); })().catch((e) => { console.log('caught:', e.code); })"`);
    expect(awaited).toMatchObject({ exitCode: 0, stdout: 'caught: ERR_PHASEGATE_UNSUPPORTED\n', stderr: '' });
  });
});
