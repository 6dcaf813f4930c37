import { describe, expect, it } from 'vitest';
import {
  MARKDOWN_MAX_DEPTH,
  MARKDOWN_MAX_LENGTH,
  markdownIsSafeToRender,
  markdownNestingDepth,
  markdownVerdict,
} from '../../../src/ui/timeline/markdown-guard';

const past = MARKDOWN_MAX_DEPTH + 1;

// Each nesting form micromark recurses on, built `n` levels deep.
const FORMS: Record<string, (n: number) => string> = {
  'block quotes': (n) => `${'>'.repeat(n)} x`,
  'spaced block quotes': (n) => `${'> '.repeat(n)}x`,
  'dash lists': (n) => `${'- '.repeat(n)}x`,
  'ordered lists': (n) => `${'1. '.repeat(n)}x`,
  'indented lists': (n) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'),
  'quoted lists': (n) => `${'> - '.repeat(Math.ceil(n / 2))}x`,
  brackets: (n) => `*${'['.repeat(n)}x`,
  'nested links': (n) => `${'['.repeat(n)}x${'](https://e.com)'.repeat(n)}`,
  'nested images': (n) => `${'!['.repeat(n)}x${'](u)'.repeat(n)}`,
  'emphasis runs': (n) => `${'*_'.repeat(Math.ceil(n / 2))}x${'_*'.repeat(Math.ceil(n / 2))}`,
  'spread emphasis': (n) => `${'*a _'.repeat(Math.ceil(n / 2))}x${'_ a*'.repeat(Math.ceil(n / 2))}`,
  strikethrough: (n) => `${'~a '.repeat(n)}x`,
};

describe('markdownIsSafeToRender', () => {
  it.each(Object.entries(FORMS))('%s: fine at the bound, plain text past it and at 3,000 levels', (_name, build) => {
    expect(markdownNestingDepth(build(MARKDOWN_MAX_DEPTH - 1))).toBeLessThanOrEqual(MARKDOWN_MAX_DEPTH);
    expect(markdownIsSafeToRender(build(4))).toBe(true);
    expect(markdownVerdict(build(past + 1))).toEqual({ safe: false, reason: 'nesting' });
    expect(markdownIsSafeToRender(build(3000))).toBe(false);
  });

  it('the reported 3,000 `>` reply is refused', () => {
    expect(markdownVerdict('>'.repeat(3000))).toEqual({ safe: false, reason: 'nesting' });
  });

  it('ordinary answers render as Markdown: lists, quotes, code, bold, links, snake_case, rules, tables', () => {
    const answer = [
      '# Done',
      '',
      'I changed **three** files and _one_ test; see [the README](https://example.com/readme) and ![a picture](p.png).',
      '',
      '- `src/app.ts`: new `slug_ify_name` helper',
      '  - handles *unicode*',
      '    1. and ~~old~~ cases',
      '',
      '> Note: run `npm test` first.',
      '> > Nested quote.',
      '',
      '***',
      '',
      '| a | b |',
      '| --- | --- |',
      '| [x] | [ ] |',
      '',
      '```ts',
      'const nested = [[[[1]]]];',
      'function f(...args: string[]) { return args.map((a) => a * 2); }',
      '```',
      '',
      '* * *',
    ].join('\n');
    expect(markdownNestingDepth(answer)).toBeLessThan(8);
    expect(markdownVerdict(answer)).toEqual({ safe: true });
  });

  it('unclosed brackets or emphasis in one paragraph do not carry into the next', () => {
    const paragraphs = Array.from({ length: 100 }, () => 'Use `*args` like [this or *that').join('\n\n');
    expect(markdownIsSafeToRender(paragraphs)).toBe(true);
  });

  it('parentheses are not nesting micromark recurses on: deep Lisp renders', () => {
    expect(markdownIsSafeToRender(`${'('.repeat(200)}x${')'.repeat(200)}`)).toBe(true);
  });

  it('caps the length rendered as Markdown', () => {
    expect(markdownIsSafeToRender('a'.repeat(MARKDOWN_MAX_LENGTH))).toBe(true);
    expect(markdownVerdict('a'.repeat(MARKDOWN_MAX_LENGTH + 1))).toEqual({ safe: false, reason: 'length' });
  });
});
