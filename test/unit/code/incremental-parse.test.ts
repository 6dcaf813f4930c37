import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser } from 'web-tree-sitter';
import type { LanguageId } from '../../../src/code/languages';
import { parseSource, textEdit, withTree } from '../../../src/code/runtime';
import { newSyntaxErrors } from '../../../src/code/syntax-errors';

import './support';

/** A file of `count` small functions, the first line naming `tag` so every test parses text no other test did. */
function bigSource(tag: string, count = 400): string {
  const functions = Array.from({ length: count }, (_, i) => `function f${i}(a: number): number {\n  const b = a * ${i};\n  return b + 1;\n}\n`);
  return `// ${tag}\n${functions.join('\n')}`;
}

async function sexp(source: string, language: LanguageId, editedFrom?: string): Promise<string> {
  return withTree(source, language, (tree) => tree.rootNode.toString(), editedFrom);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('textEdit', () => {
  it('spans what differs, with rows and columns in UTF-16 units', () => {
    expect(textEdit('ab\ncd\nef', 'ab\ncXd\nef')).toEqual({
      startIndex: 4,
      oldEndIndex: 4,
      newEndIndex: 5,
      startPosition: { row: 1, column: 1 },
      oldEndPosition: { row: 1, column: 1 },
      newEndPosition: { row: 1, column: 2 },
    });
    expect(textEdit('x\ny', 'x\n')).toMatchObject({ startIndex: 2, oldEndIndex: 3, newEndIndex: 2, oldEndPosition: { row: 1, column: 1 } });
  });

  it('never cuts a surrogate pair in two', () => {
    // 😀 is \ud83d\ude00 and 😁 is \ud83d\ude01: they share their first unit.
    expect(textEdit('a😀b', 'a😁b')).toMatchObject({ startIndex: 1, oldEndIndex: 3, newEndIndex: 3 });
    // \ud83d\ude00 and \ud83e\ude00 share their second unit.
    expect(textEdit('a\ud83d\ude00b', 'a\ud83e\ude00b')).toMatchObject({ startIndex: 1, oldEndIndex: 3, newEndIndex: 3 });
  });
});

describe('parsing an edited text from the tree of the text before', () => {
  const edits: [string, (text: string) => string][] = [
    ['a changed line', (text) => text.replace('a * 200;', 'a * 200 + 7;')],
    ['an added function', (text) => text.replace('function f300', 'function added() {\n  return 0;\n}\n\nfunction f300')],
    ['a broken line', (text) => text.replace('return b + 1;\n}\n\nfunction f250', 'return (b + 1;\n}\n\nfunction f250')],
    ['a deleted closing brace', (text) => text.replace('return b + 1;\n}\n\nfunction f100', 'return b + 1;\n\nfunction f100')],
    ['an emoji in a string', (text) => text.replace('a * 10;', 'a * "😀".length;')],
  ];

  it.each(edits)('gives the tree a whole parse gives: %s', async (name, edit) => {
    const before = bigSource(`same tree: ${name}`);
    const after = edit(before);
    expect(after).not.toBe(before);
    await sexp(before, 'typescript');
    const fresh = await parseSource(after, 'typescript');
    const expected = fresh.rootNode.toString();
    fresh.delete();
    const parse = vi.spyOn(Parser.prototype, 'parse');
    expect(await sexp(after, 'typescript', before)).toBe(expected);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]?.[1]).toBeTruthy(); // from the old tree
  });

  it('a syntax check after an edit parses once, from the kept tree, when the edit adds no error', async () => {
    const before = bigSource('checked once');
    await sexp(before, 'typescript');
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const after = before.replace('a * 321;', 'a * 322;');
    expect(await newSyntaxErrors(before, after, 'typescript')).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]?.[1]).toBeTruthy();
  });

  it('without a kept tree it parses the new text only, and the old one only to tell old errors from new', async () => {
    const before = bigSource('not kept');
    const parse = vi.spyOn(Parser.prototype, 'parse');
    expect(await newSyntaxErrors(before, before.replace('a * 5;', 'a * 6;'), 'typescript')).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(1);
    const broken = before.replace('a * 7;', 'a * (7;');
    expect(await newSyntaxErrors(before, broken, 'typescript')).toEqual([
      { line: expect.any(Number), column: expect.any(Number), message: 'missing `)`', snippet: 'const b = a * (7;' },
    ]);
    expect(parse).toHaveBeenCalledTimes(3);
  });
});
