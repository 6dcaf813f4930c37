import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

describe('virtual node: fs over the sandbox files', () => {
  it('writes that node makes land in the sandbox, and node reads what the sandbox wrote', async () => {
    const box = new VirtualSandbox({ files: { 'in.txt': 'from the sandbox' } });
    await box.writeFile('/workspace/later.txt', 'written by a tool');
    const program = [
      "const fs = require('fs');",
      "console.log(fs.readFileSync('in.txt', 'utf8'), '|', fs.readFileSync('/workspace/later.txt').toString());",
      "fs.mkdirSync('out/deep', { recursive: true });",
      "fs.writeFileSync('out/deep/result.json', JSON.stringify({ ok: true }));",
      "fs.appendFileSync('out/log.txt', 'a'); fs.appendFileSync('out/log.txt', 'b');",
      "fs.unlinkSync('in.txt');",
      "console.log(fs.existsSync('in.txt'), fs.readdirSync('out'), fs.statSync('out').isDirectory(), fs.statSync('out/log.txt').size);",
    ].join('\n');
    const result = await box.exec(`node -e "${program.replace(/"/g, '\\"')}"`);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe("from the sandbox | written by a tool\nfalse [ 'deep', 'log.txt' ] true 2\n");
    expect(await box.readFile('/workspace/out/deep/result.json')).toBe('{"ok":true}');
    expect(await box.readFile('/workspace/out/log.txt')).toBe('ab');
    expect(await box.exists('/workspace/in.txt')).toBe(false);
  });

  it('offers fs/promises, callbacks, and Node-like errors with codes', async () => {
    const box = new VirtualSandbox({
      files: {
        'main.mjs': [
          "import { readFile, writeFile, readdir } from 'fs/promises';",
          "import fs from 'node:fs';",
          "await writeFile('p.txt', 'promised');",
          "console.log(await readFile('p.txt', 'utf8'), (await readdir('.')).includes('p.txt'));",
          "try { fs.readFileSync('missing.txt'); } catch (e) { console.log(e.code, e.message); }",
          "await readFile('missing.txt').catch((e) => console.log('rejected', e.code));",
          "fs.readFile('p.txt', 'utf8', (err, text) => console.log('callback', err, text));",
        ].join('\n'),
      },
    });
    const result = await box.exec('node main.mjs');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe(
      "promised true\nENOENT ENOENT: no such file or directory, open '/workspace/missing.txt'\nrejected ENOENT\ncallback null promised\n",
    );
    expect(await box.readFile('/workspace/p.txt')).toBe('promised');
  });
});

describe('virtual node: path, process, timers, assert, util, events', () => {
  it('path works like POSIX Node', async () => {
    const code =
      "const p = require('path'); console.log(p.join('/a/b', '../c', 'd.txt'), p.resolve('x'), p.relative('/a/b', '/a/c/d'), p.extname('f.test.js'), p.basename('/x/y.js', '.js'), p.dirname('/x/y/z'), p.normalize('a//b/./c/..'), p.isAbsolute('/q'))";
    const result = await new VirtualSandbox().exec(`node -e "${code}"`);
    expect(result.stdout).toBe('/a/c/d.txt /workspace/x ../c/d .js y /x/y a/b true\n');
  });

  it('gives process.env, platform and stdout.write, and runs timers, ticks and promises in Node order', async () => {
    const box = new VirtualSandbox({
      files: {
        'order.js': [
          "setTimeout(() => console.log('timeout 20'), 20);",
          "setTimeout(() => console.log('timeout 0'), 0);",
          "const id = setTimeout(() => console.log('never'), 5); clearTimeout(id);",
          "let n = 0; const iv = setInterval(() => { console.log('interval', ++n); if (n === 2) clearInterval(iv); }, 1);",
          "Promise.resolve().then(() => console.log('promise'));",
          "process.nextTick(() => console.log('tick'));",
          "process.stdout.write('sync ' + process.env.GREETING + ' ' + process.platform + '\\n');",
        ].join('\n'),
      },
    });
    const result = await box.exec('GREETING=hello node order.js');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['sync hello linux', 'tick', 'promise']);
    // Due timers run in the order they fall due, whatever the machine's load.
    expect(lines.indexOf('timeout 0')).toBeLessThan(lines.indexOf('timeout 20'));
    expect(lines.indexOf('interval 1')).toBeLessThan(lines.indexOf('interval 2'));
    expect(lines).toHaveLength(7);
    expect(lines).not.toContain('never');
  });

  it('assert passes and fails like Node, with AssertionError and a diff', async () => {
    const box = new VirtualSandbox({
      files: {
        'ok.js': [
          "const assert = require('assert');",
          'assert.ok(1); assert.equal(1, "1"); assert.strictEqual(2, 2); assert.deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });',
          "assert.throws(() => { throw new TypeError('x'); }, TypeError); assert.throws(() => { throw new Error('boom'); }, /boom/);",
          "assert.rejects(Promise.reject(new Error('no')), { message: 'no' }).then(() => console.log('all passed'));",
        ].join('\n'),
        'fail.mjs': "import assert from 'node:assert/strict';\nassert.deepEqual({ a: 1 }, { a: 2 });",
      },
    });
    expect(await box.exec('node ok.js')).toMatchObject({ exitCode: 0, stdout: 'all passed\n', stderr: '' });
    const failed = await box.exec('node fail.mjs');
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('AssertionError: Expected values to be strictly deep-equal:');
    expect(failed.stderr).toContain('+ { a: 1 }\n- { a: 2 }');
  });

  it('util.format, util.inspect and EventEmitter basics', async () => {
    const code = [
      "const util = require('util'); const EventEmitter = require('events');",
      "console.log(util.format('%s=%j', 'k', { v: [1] }), util.inspect({ deep: { er: { est: { x: 1 } } } }, { depth: 0 }));",
      'const e = new EventEmitter(); e.on("x", (a) => console.log("on", a)); e.once("x", (a) => console.log("once", a));',
      'e.emit("x", 1); e.emit("x", 2); console.log(e.listenerCount("x"));',
    ].join(' ');
    const result = await new VirtualSandbox({ files: { 'u.js': code } }).exec('node u.js');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe('k={"v":[1]} { deep: [Object] }\non 1\nonce 1\non 2\n1\n');
  });
});

describe('virtual node: what it cannot do', () => {
  it('fails with one line naming an unsupported module, from require and from import', async () => {
    const box = new VirtualSandbox({
      files: { 'a.js': "require('child_process').execSync('ls');", 'b.mjs': "import { createServer } from 'node:http';\ncreateServer();" },
    });
    for (const [file, name] of [
      ['a.js', 'child_process'],
      ['b.mjs', 'http'],
    ]) {
      const result = await box.exec(`node ${file}`);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(
        `node: The module 'node:${name}' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js\n`,
      );
    }
  });

  it('refuses network fetch and worker_threads with a clear line', async () => {
    const box = new VirtualSandbox();
    const fetched = await box.exec(`node -e "fetch('https://example.com').catch((e) => { console.error(e.message); process.exit(2); })"`);
    expect(fetched.exitCode).toBe(2);
    expect(fetched.stderr).toContain('fetch() to the network is not available in the virtual sandbox');
    const worker = await box.exec(`node -e "require('worker_threads')"`);
    expect(worker).toMatchObject({ exitCode: 1 });
    expect(worker.stderr.trim().split('\n')).toHaveLength(1);
  });
});
