import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { parseNpmArgs, VIRTUAL_NPM_VERSION } from '../../../src/sandbox/virtual-npm';

function project(scripts: Record<string, string>, extra: Record<string, string> = {}): VirtualSandbox {
  return new VirtualSandbox({
    files: { 'package.json': JSON.stringify({ name: 'demo', version: '1.2.3', scripts }), ...extra },
  });
}

describe('virtual npm', () => {
  it('runs the starter project tests with npm test, npm t and npm run test', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    for (const command of ['npm test', 'npm t', 'npm run test']) {
      const result = await sandbox.exec(command);
      expect(result.exitCode).toBe(0);
      expect(result.stdout.startsWith('\n> sample-utils@1.0.0 test\n> bash tests/run.sh\n\n')).toBe(true);
      expect(result.stdout).toContain('ok   - greets by name');
      expect(result.stdout).toContain('Test files: 1 passed, 0 failed');
    }
  });

  it('returns the exit code of a failing test script', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    await sandbox.writeFile('/workspace/src/greet.sh', 'greet() { echo "Hi, ${1:-world}."; }\n');
    const result = await sandbox.exec('npm test');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('FAIL - greets by name');
    expect(result.stdout).toContain('Test files: 0 passed, 1 failed');
  });

  it('passes arguments after -- and shows them in the banner', async () => {
    const sandbox = project({ show: 'printf "[%s]"' });
    const result = await sandbox.exec(`npm run show -- a "b c" "it's"`);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`\n> demo@1.2.3 show\n> printf "[%s]" a b c it's\n\n[a][b c][it's]`);
  });

  it('keeps the script exit code, environment and directory', async () => {
    const sandbox = project({ fail: 'echo failing >&2; exit 3', env: 'echo "$TOKEN $npm_lifecycle_event $npm_package_name"; pwd; cd /' }, { 'sub/.keep': '' });
    const failed = await sandbox.exec('npm run fail');
    expect(failed.exitCode).toBe(3);
    expect(failed.stderr).toBe('failing\n');

    await sandbox.exec('export TOKEN=t0k');
    const env = await sandbox.exec('npm run -s env');
    expect(env.stdout).toBe('t0k env demo\n/workspace\n');
    expect(env.cwd).toBe('/workspace');
  });

  it('runs pre and post scripts around the script, stopping at a failure', async () => {
    const ok = project({ prebuild: 'echo pre', build: 'echo main', postbuild: 'echo post' });
    expect((await ok.exec('npm run -s build')).stdout).toBe('pre\nmain\npost\n');
    const failing = project({ prebuild: 'exit 4', build: 'echo main' });
    const result = await failing.exec('npm run -s build');
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
  });

  it('reads package.json from the current directory', async () => {
    const sandbox = project({ test: 'echo root' }, { 'pkg/package.json': '{"name":"inner","scripts":{"test":"echo inner"}}' });
    const result = await sandbox.exec('cd pkg && npm test');
    expect(result.stdout).toBe('\n> inner test\n> echo inner\n\ninner\n');
  });

  it('lists scripts for npm run', async () => {
    const sandbox = project({ test: 'bash tests/run.sh', build: 'echo building' });
    const result = await sandbox.exec('npm run');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      'Lifecycle scripts included in demo@1.2.3:\n  test\n    bash tests/run.sh\navailable via `npm run`:\n  build\n    echo building\n',
    );
  });

  it('prints its version', async () => {
    const result = await new VirtualSandbox().exec('npm --version');
    expect(result).toMatchObject({ exitCode: 0, stdout: `${VIRTUAL_NPM_VERSION}\n` });
  });

  it('says when the script is missing, unless --if-present', async () => {
    const sandbox = project({ test: 'echo t' });
    const missing = await sandbox.exec('npm run nope');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('npm error Missing script: "nope"');
    expect(missing.stderr).toContain('npm error   npm run');
    expect(await sandbox.exec('npm run nope --if-present')).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('says when package.json is missing or not JSON', async () => {
    const sandbox = new VirtualSandbox({ files: { 'bad/package.json': '{ "name": ' } });
    const missing = await sandbox.exec('npm test');
    expect(missing.exitCode).toBe(254);
    expect(missing.stderr).toContain("enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/workspace/package.json'");
    const broken = await sandbox.exec('cd bad; npm test');
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('npm error code EJSONPARSE');
    expect(broken.stderr).toContain('package.json must be actual JSON');
  });

  it('refuses install, ci and exec with a pointer to WebContainer', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    for (const command of ['npm install lodash', 'npm ci', 'npm exec vitest']) {
      const result = await sandbox.exec(command);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('not available in the virtual sandbox: it has no network access,');
      expect(result.stderr).not.toContain('Node.js');
      expect(result.stderr).toContain('WebContainer sandbox provides a real npm');
    }
  });

  it('runs scripts that call node with the sandbox node, npm variables exported to it', async () => {
    const sandbox = project(
      { test: 'node --test', start: 'node server.js', greet: 'node -e "console.log(process.argv[1])"' },
      {
        'server.js': 'console.log("started", process.env.npm_lifecycle_event, process.env.npm_package_name);',
        'math.test.js': "const test = require('node:test'); const assert = require('node:assert'); test('adds', () => assert.equal(1 + 1, 2));",
      },
    );
    const tested = await sandbox.exec('npm test');
    expect(tested.exitCode).toBe(0);
    expect(tested.stdout).toContain('> demo@1.2.3 test\n> node --test\n');
    expect(tested.stdout).toContain('ℹ pass 1');
    expect(await sandbox.exec('npm start')).toMatchObject({ exitCode: 0, stdout: '\n> demo@1.2.3 start\n> node server.js\n\nstarted start demo\n' });
    expect((await sandbox.exec('npm run -s greet -- hi')).stdout).toBe('hi\n');
  });

  it('calls the binaries in node_modules/.bin by name in scripts, JavaScript through node, and nowhere else', async () => {
    const sandbox = project(
      { check: 'lint-js src && shout "a b"' },
      {
        'node_modules/.bin/lint-js': '#!/usr/bin/env node\nconsole.log("linting", process.argv.slice(2).join(","));\n',
        'node_modules/.bin/shout': '#!/bin/sh\necho "$1!"\n',
      },
    );
    expect(await sandbox.exec('npm run -s check')).toMatchObject({ exitCode: 0, stdout: 'linting src\na b!\n' });
    // The script's functions do not outlive it.
    expect((await sandbox.exec('lint-js')).exitCode).toBe(127);
  });

  it('npx runs a local binary through node, from a subfolder too, and says plainly when there is none', async () => {
    const sandbox = project(
      {},
      { 'node_modules/.bin/hello': '#!/usr/bin/env node\nconsole.log("hello", process.argv.slice(2));\nprocess.exitCode = 3;\n', 'sub/.keep': '' },
    );
    expect(await sandbox.exec('npx hello "x y"')).toMatchObject({ exitCode: 3, stdout: "hello [ 'x y' ]\n" });
    expect(await sandbox.exec('cd sub && npx -y hello 1')).toMatchObject({ exitCode: 3, stdout: "hello [ '1' ]\n" });
    const missing = await sandbox.exec('npx eslint src');
    expect(missing).toMatchObject({ exitCode: 1, stdout: '' });
    expect(missing.stderr).toBe(
      [
        "npm error could not find 'eslint' in node_modules/.bin here or in a folder above,",
        'npm error and the virtual sandbox cannot download packages (no network access).',
        'npm error Add the package under node_modules, or use the WebContainer sandbox.',
        '',
      ].join('\n'),
    );
  });

  it('parses npm command lines', () => {
    expect(parseNpmArgs(['run', 'build', '--', '--watch'])).toMatchObject({ kind: 'run', script: 'build', args: ['--watch'] });
    expect(parseNpmArgs(['t', '-s'])).toMatchObject({ kind: 'run', script: 'test', silent: true, args: [] });
    expect(parseNpmArgs(['run-script'])).toEqual({ kind: 'list' });
    expect(parseNpmArgs(['-v'])).toEqual({ kind: 'version' });
    expect(parseNpmArgs([])).toEqual({ kind: 'usage', exitCode: 1 });
    expect(parseNpmArgs(['publish'])).toEqual({ kind: 'unsupported', subcommand: 'publish' });
  });
});
