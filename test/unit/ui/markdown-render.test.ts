import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AgentMarkdownRenderer from '../../../src/ui/components/AgentMarkdownRenderer';
import { AgentText } from '../../../src/ui/components/AgentText';
import { MARKDOWN_MAX_DEPTH, markdownIsSafeToRender } from '../../../src/ui/timeline/markdown-guard';

const renderMarkdown = (text: string) => renderToStaticMarkup(createElement(AgentMarkdownRenderer, { text }));

// Each nesting form at the guard's bound: what the renderer may still be given.
const AT_THE_BOUND = {
  'block quotes': `${'>'.repeat(MARKDOWN_MAX_DEPTH)} x`,
  'dash lists': `${'- '.repeat(MARKDOWN_MAX_DEPTH)}x`,
  'ordered lists': `${'1. '.repeat(MARKDOWN_MAX_DEPTH)}x`,
  'nested images': `${'!['.repeat(MARKDOWN_MAX_DEPTH)}x${'](u)'.repeat(MARKDOWN_MAX_DEPTH)}`,
  'spread emphasis': `${'*a _'.repeat(MARKDOWN_MAX_DEPTH / 2)}x${'_ a*'.repeat(MARKDOWN_MAX_DEPTH / 2)}`,
};

describe('the Markdown renderer against the guard', () => {
  it('3,000 `>` overflow the renderer itself: the guard is what keeps them from it', () => {
    expect(() => renderMarkdown('>'.repeat(3000))).toThrow(RangeError);
  });

  it.each(Object.entries(AT_THE_BOUND))('%s at the bound pass the guard and render', (_name, text) => {
    expect(markdownIsSafeToRender(text)).toBe(true);
    expect(renderMarkdown(text)).toContain('x');
  });

  it('AgentText shows a text past the bound as plain text in a <pre>, with the note, never as elements', () => {
    const html = renderToStaticMarkup(createElement(AgentText, { text: `${'>'.repeat(3000)} <b>hi</b>` }));
    expect(html).toContain('Shown as plain text: nested too deeply to show as Markdown.');
    expect(html).toContain('<pre class="plain-text-body">');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(html).not.toContain('<blockquote');
    expect(html).not.toContain('<b>');
  });

  it('highlights code the same way every time it renders (one highlighter, shared)', () => {
    const text = 'Look:\n\n```js\nconst answer = 42;\n```\n';
    const first = renderMarkdown(text);
    expect(first).toContain('<code class="hljs language-js">');
    expect(first).toMatch(/<span class="hljs-keyword">const<\/span>/);
    expect(renderMarkdown(text)).toBe(first);
    const other = renderMarkdown('```python\ndef f(): pass\n```\n');
    expect(other).toMatch(/<span class="hljs-keyword">def<\/span>/);
  });
});
