import { afterEach, describe, expect, it } from 'vitest';
import { nodeGrammarLoader } from '../../../src/cli/grammar-loader-node';
import { setGrammarLoader } from '../../../src/code';
import { Engine } from '../../../src/engine/engine';
import { ScriptedModel } from '../../../src/model/scripted';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { createFileTool } from '../../../src/tools/create-file';
import { editFileTool } from '../../../src/tools/edit-file';
import { FileVersions } from '../../../src/tools/file-versions';
import { checkSyntaxAfterWrite, REPORT_MAX_ERRORS, syntaxReport } from '../../../src/tools/syntax-check';
import { harness } from './helpers';

import './grammars';

const CLEAN_TS = `export function add(a: number, b: number): number {
  return a + b;
}

export function double(x: number): number {
  return add(x, x);
}
`;

/** CLEAN_TS with the closing parenthesis of `add(x, x)` dropped (line 6). */
const BROKEN_TS = CLEAN_TS.replace('return add(x, x);', 'return add(x, x;');

/** A harness whose file versions already know `path` (as if read), so edit_file accepts edits of it. */
function readHarness(files: Record<string, string>, refuseSyntaxErrors = false) {
  const h = harness(files);
  const versions = new FileVersions();
  for (const [path, content] of Object.entries(files)) versions.remember(`/workspace/${path}`, content);
  h.ctx.fileVersions = versions;
  h.ctx.refuseSyntaxErrors = refuseSyntaxErrors;
  return h;
}

describe('checkSyntaxAfterWrite', () => {
  it('reports every error of a new file, with line, column, message and snippet', async () => {
    const check = await checkSyntaxAfterWrite('src/math.ts', null, BROKEN_TS);
    expect(check.errors).toEqual([{ line: 6, column: expect.any(Number), message: 'missing `)`', snippet: 'return add(x, x;' }]);
    expect(check.report).toBe(`Syntax check: 1 new error — line 6, column ${check.errors[0]?.column}: missing \`)\` in \`return add(x, x;\``);
  });

  it('says nothing about a clean file', async () => {
    expect(await checkSyntaxAfterWrite('src/math.ts', null, CLEAN_TS)).toEqual({ errors: [], report: null });
    expect(await checkSyntaxAfterWrite('src/math.ts', CLEAN_TS, CLEAN_TS.replace('a + b', 'b + a'))).toEqual({ errors: [], report: null });
  });

  it('reports only the errors an edit adds, not ones the file already had', async () => {
    const alreadyBroken = BROKEN_TS;
    // An unrelated clean edit elsewhere: the old error stays, nothing new.
    const unrelated = alreadyBroken.replace('return a + b;', 'return b + a;');
    expect((await checkSyntaxAfterWrite('m.ts', alreadyBroken, unrelated)).errors).toEqual([]);
    // A second break in add(): only that one is new.
    const twice = alreadyBroken.replace('return a + b;', 'return (a + b;');
    const check = await checkSyntaxAfterWrite('m.ts', alreadyBroken, twice);
    expect(check.errors.map((e) => e.line)).toEqual([2]);
    expect(check.report).toMatch(/^Syntax check: 1 new error — line 2, /);
    // Fixing the old error adds none.
    expect((await checkSyntaxAfterWrite('m.ts', alreadyBroken, CLEAN_TS)).errors).toEqual([]);
  });

  it('checks other supported languages too (Python)', async () => {
    const check = await checkSyntaxAfterWrite('tool.py', 'def f(x):\n    return x\n', 'def f(x):\n    return (x\n');
    expect(check.errors.length).toBeGreaterThan(0);
    expect(check.report).toMatch(/^Syntax check: \d+ new errors?/);
  });

  it('does not check files in languages without a parser', async () => {
    for (const path of ['notes.md', 'data.json', 'Makefile', 'styles.css']) {
      expect(await checkSyntaxAfterWrite(path, null, 'function ( {{{ ]]')).toEqual({ errors: [], report: null });
    }
  });

  describe('when a grammar cannot load', () => {
    afterEach(() => setGrammarLoader(nodeGrammarLoader));

    it('says the check was skipped and reports no errors', async () => {
      // Ruby is not loaded in this file before, so the failing loader is asked for it.
      setGrammarLoader(async () => {
        throw new Error('offline');
      });
      const check = await checkSyntaxAfterWrite('lib/a.rb', null, 'def broken(\n');
      expect(check.errors).toEqual([]);
      expect(check.report).toMatch(/^Syntax check skipped: could not load the ruby grammar: offline\.$/);
    });
  });
});

describe('syntaxReport', () => {
  const error = (line: number) => ({ line, column: 3, message: 'unexpected `}`', snippet: '}' });

  it('lists several errors one per line and counts those past the limit', () => {
    expect(syntaxReport([error(1), error(2)])).toBe(
      'Syntax check: 2 new errors:\n- line 1, column 3: unexpected `}` in `}`\n- line 2, column 3: unexpected `}` in `}`',
    );
    const many = Array.from({ length: REPORT_MAX_ERRORS + 2 }, (_, i) => error(i + 1));
    const report = syntaxReport(many).split('\n');
    expect(report[0]).toBe(`Syntax check: ${REPORT_MAX_ERRORS + 2} new errors:`);
    expect(report).toHaveLength(REPORT_MAX_ERRORS + 2);
    expect(report.at(-1)).toBe('… and 2 more');
  });
});

describe('syntax check after create_file', () => {
  it('appends the report to the result and still writes the file', async () => {
    const h = readHarness({});
    const result = await createFileTool.run({ path: 'src/math.ts', content: BROKEN_TS }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/^Created src\/math\.ts \(7 lines, \d+ B\)\.\n\nSyntax check: 1 new error — line 6, column \d+: missing `\)`/);
    expect(await h.sandbox.readFile('/workspace/src/math.ts')).toBe(BROKEN_TS);
  });

  it('adds nothing for clean code', async () => {
    const h = readHarness({});
    const result = await createFileTool.run({ path: 'src/math.ts', content: CLEAN_TS }, h.ctx);
    expect(result.output).not.toContain('Syntax check');
  });

  it('refuses a file with syntax errors when the setting is on, leaving no file and no directory', async () => {
    const h = readHarness({}, true);
    const result = await createFileTool.run({ path: 'src/new/math.ts', content: BROKEN_TS }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^Refused: this would add syntax errors to src\/new\/math\.ts, so the file was not created/);
    expect(result.output).toContain('line 6');
    expect(await h.sandbox.stat('/workspace/src/new/math.ts')).toBeNull();
    expect(await h.sandbox.stat('/workspace/src/new')).toBeNull();
    expect(h.events).toEqual([]);
  });

  it('writes unsupported file types even when refusing is on', async () => {
    const h = readHarness({}, true);
    const result = await createFileTool.run({ path: 'notes.md', content: 'function ( {{{\n' }, h.ctx);
    expect(result).toEqual({ ok: true, output: 'Created notes.md (1 line, 15 B).' });
  });
});

describe('syntax check after edit_file', () => {
  const edit = { path: 'src/math.ts', search: 'return add(x, x);', replace: 'return add(x, x;' };

  it('appends the report of the errors the edit added', async () => {
    const h = readHarness({ 'src/math.ts': CLEAN_TS });
    const result = await editFileTool.run(edit, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/\n\nSyntax check: 1 new error — line 6, column \d+: missing `\)` in `return add\(x, x;`$/);
    expect(await h.sandbox.readFile('/workspace/src/math.ts')).toBe(BROKEN_TS);
  });

  it('refuses the edit when the setting is on: the file and the log stay as they were', async () => {
    const h = readHarness({ 'src/math.ts': CLEAN_TS }, true);
    const result = await editFileTool.run(edit, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^Refused: this would add syntax errors to src\/math\.ts, so the file was left unchanged/);
    expect(result.output).toMatch(/Syntax check: 1 new error — line 6/);
    expect(await h.sandbox.readFile('/workspace/src/math.ts')).toBe(CLEAN_TS);
    expect(h.events).toEqual([]);
    // A clean edit goes through with the setting on.
    const fine = await editFileTool.run({ path: 'src/math.ts', search: 'a + b', replace: 'b + a' }, h.ctx);
    expect(fine.ok).toBe(true);
    expect(fine.output).not.toContain('Syntax check');
  });

  it('lets an edit through when the file was already broken and the edit adds nothing new', async () => {
    const h = readHarness({ 'src/math.ts': BROKEN_TS }, true);
    const result = await editFileTool.run({ path: 'src/math.ts', search: 'return a + b;', replace: 'return b + a;' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).not.toContain('Syntax check');
  });
});

describe('the refuseSyntaxErrors run option', () => {
  async function runCreate(refuseSyntaxErrors: boolean) {
    const sandbox = new VirtualSandbox({ files: {} });
    const engine = new Engine({ sandbox });
    const model = new ScriptedModel({
      name: 'broken-create',
      title: 'broken create',
      description: 'creates a file with a syntax error',
      defaultTask: 'x',
      turns: [{ toolCalls: [{ name: 'create_file', args: { path: 'a.ts', content: BROKEN_TS } }] }, { text: 'done' }],
    });
    await engine.run({ task: 'x', mode: 'react', model, maxIterations: 5, refuseSyntaxErrors });
    const result = engine.session.events.find((e) => e.type === 'tool_result');
    return { result, exists: (await sandbox.stat('/workspace/a.ts')) !== null };
  }

  it('reaches the tools through the engine: on refuses, off reports', async () => {
    const on = await runCreate(true);
    expect(on.result).toMatchObject({ ok: false, errorKind: 'syntax_error', output: expect.stringMatching(/^Refused: /) });
    expect(on.exists).toBe(false);
    const off = await runCreate(false);
    expect(off.result).toMatchObject({ ok: true, output: expect.stringContaining('Syntax check: 1 new error') });
    expect(off.result).not.toHaveProperty('errorKind');
    expect(off.exists).toBe(true);
  });
});
