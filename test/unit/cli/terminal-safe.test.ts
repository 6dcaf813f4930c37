import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../src/cli/terminal-safe';

const ESC = '\x1b';
const BEL = '\x07';

describe('terminalSafe', () => {
  it.each([
    ['a window-title change', `before${ESC}]0;pwned${BEL}after`, 'beforeafter'],
    ['an OSC 8 javascript: link', `${ESC}]8;;javascript:alert(1)${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['colours and cursor moves', `${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[Hhome`, 'red home'],
    ['a carriage return that would overwrite the line', 'rm -rf /\rls', 'rm -rf /ls'],
    ['backspaces and a bell', `ok\b\b${BEL}!`, 'ok!'],
    ['an 8-bit CSI and OSC', 'a\u009b31mb\u009d0;t', 'a\\u009b31mb\\u009d0;t'],
    ['DEL', 'x\x7fy', 'x\\u007fy'],
  ])('removes %s', (_what, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it('keeps tabs, newlines and ordinary text, including non-ASCII', () => {
    expect(terminalSafe('a\tb\nc — ü 漢字 🙂')).toBe('a\tb\nc — ü 漢字 🙂');
  });

  it('keeps a JSON line valid and its data intact apart from escapes JSON already spells out', () => {
    const value = { text: `t${ESC}]0;x${BEL}\u009b` };
    const line = terminalSafe(JSON.stringify(value));
    expect(JSON.parse(line)).toEqual(value);
  });

  it('is applied to everything the CLI prints (a file holding escapes, printed by symbols)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasegate-cli-'));
    const file = join(dir, 'evil.ts');
    writeFileSync(file, `// ${ESC}]0;owned${BEL}${ESC}]8;;javascript:alert(1)${ESC}\\link${ESC}]8;;${ESC}\\\nexport function f() {}\n`);
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/main.ts', 'symbols', file, '--symbol', 'f'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('export function f() {}');
    expect(result.stdout).toContain('link');
    expect(result.stdout).not.toContain(ESC);
    expect(result.stdout).not.toContain(BEL);
  });
});
