import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

async function run(files: Record<string, string>, command: string) {
  return new VirtualSandbox({ files }).exec(command);
}

describe('virtual node: CommonJS require', () => {
  it('finds relative files with and without extensions, index.js, JSON and package.json main', async () => {
    const result = await run(
      {
        'main.js': [
          "const a = require('./lib/a');",
          "const b = require('./lib/b.js');",
          "const dir = require('./lib/dir');",
          "const data = require('./data.json');",
          "const pkg = require('./local-pkg');",
          'console.log(a, b, dir, data.items.length, pkg);',
          "console.log(require('./lib/a') === a, require.resolve('./lib/dir'));",
        ].join('\n'),
        'lib/a.js': "module.exports = 'a';",
        'lib/b.js': "exports.b = 'b';",
        'lib/dir/index.js': "module.exports = 'index';",
        'data.json': '{ "items": [1, 2, 3] }',
        'local-pkg/package.json': '{ "main": "./entry.js" }',
        'local-pkg/entry.js': "module.exports = 'main';",
      },
      'node main.js',
    );
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe("a { b: 'b' } index 3 main\ntrue /workspace/lib/dir/index.js\n");
  });

  it('loads packages from node_modules up the tree, through main and exports', async () => {
    const result = await run(
      {
        'src/app.js': "console.log(require('plain'), require('exported'), require('exported/extra'), require('@scope/pkg'));",
        'node_modules/plain/package.json': '{ "main": "lib/plain.js" }',
        'node_modules/plain/lib/plain.js': "module.exports = 'plain';",
        'node_modules/exported/package.json': '{ "exports": { ".": { "import": "./esm.mjs", "require": "./cjs.js" }, "./extra": "./extra.js" } }',
        'node_modules/exported/cjs.js': "module.exports = 'exported-cjs';",
        'node_modules/exported/extra.js': "module.exports = 'extra';",
        'node_modules/@scope/pkg/index.js': "module.exports = 'scoped';",
      },
      'node src/app.js',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: 'plain exported-cjs extra scoped\n', stderr: '' });
  });

  it('fails with MODULE_NOT_FOUND for a missing module, catchable like in Node', async () => {
    const result = await run({ 'main.js': "try { require('./missing'); } catch (e) { console.log(e.code, e.message); }\nrequire('nowhere');" }, 'node main.js');
    expect(result.stdout).toBe("MODULE_NOT_FOUND Cannot find module './missing' from '/workspace'\n");
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("Cannot find module 'nowhere'");
  });
});

describe('virtual node: ES modules', () => {
  it('imports relative modules, packages and built-ins by name; .mjs and type: module make modules', async () => {
    const result = await run(
      {
        'package.json': '{ "type": "module" }',
        'main.js': [
          "import { add } from './math.js';",
          "import greet from 'greeter';",
          "import { join } from 'node:path';",
          "import fs from 'fs';",
          "import * as extra from './extra.mjs';",
          "console.log(add(2, 3), greet('Ada'), join('a', 'b'), typeof fs.readFileSync, extra.value, import.meta.url);",
        ].join('\n'),
        'math.js': 'export const add = (a, b) => a + b;',
        'extra.mjs': 'export const value = await Promise.resolve("tla");',
        'node_modules/greeter/package.json': '{ "exports": { "import": "./index.mjs", "require": "./index.cjs" } }',
        'node_modules/greeter/index.mjs': 'export default (name) => `hi ${name}`;',
      },
      'node main.js',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: '5 hi Ada a/b function tla file:///workspace/main.js\n', stderr: '' });
  });

  it('gives a CommonJS module imported from ESM its exports as default, and its names', async () => {
    const result = await run(
      {
        'main.mjs':
          "import lib, { double } from './lib.cjs';\nimport json from './data.json' with { type: 'json' };\nconsole.log(lib.double(2), double(4), json.ok);",
        'lib.cjs': 'exports.double = (n) => n * 2;',
        'data.json': '{ "ok": true }',
      },
      'node main.mjs',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: '4 8 true\n', stderr: '' });
  });

  it('runs a .js file with import syntax and no package type as a module, like Node 22', async () => {
    const result = await run({ 'main.js': "import { basename } from 'path';\nconsole.log(basename('/a/b.txt'));" }, 'node main.js');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'b.txt\n' });
  });

  it('fails for a missing import with the name it could not find', async () => {
    const result = await run({ 'main.mjs': "import { x } from './nope.js';\nconsole.log(x);" }, 'node main.mjs');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("Cannot find module './nope.js' imported from /workspace/main.mjs");
  });
});

describe('virtual node: TypeScript', () => {
  it('runs .ts and .mts files with their types stripped, importing each other', async () => {
    const result = await run(
      {
        'main.ts': "import { area, type Shape } from './shapes.ts';\nconst s: Shape = { w: 2, h: 3 };\nconsole.log(area(s));",
        'shapes.ts': 'export interface Shape { w: number; h: number }\nexport function area(s: Shape): number { return s.w * s.h; }',
        'tool.mts': 'const n: number = 7;\nenum Color { Red }\nconsole.log(n, Color.Red);',
      },
      'node main.ts && node tool.mts',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: '6\n7 0\n', stderr: '' });
  });

  it('runs a CommonJS TypeScript file that requires another', async () => {
    const result = await run(
      {
        'main.cts': "const { twice } = require('./lib');\nconst n: number = twice(21);\nconsole.log(n);",
        'lib.ts': 'exports.twice = (n: number): number => n * 2;',
      },
      'node main.cts',
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: '42\n', stderr: '' });
  });
});
