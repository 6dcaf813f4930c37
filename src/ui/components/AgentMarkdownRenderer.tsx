import type { ReactElement } from 'react';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import { RenderCache } from '../timeline/render-cache';

/** Links open in a new tab and cannot reach back to this page; an image is a link, never loaded. */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : (
      <>{alt}</>
    ),
};

let highlightTransform: ReturnType<typeof rehypeHighlight> | undefined;

/**
 * rehype-highlight, made once for the page: react-markdown builds its processor on every render,
 * and each rehype-highlight attach registers all its languages again (~4 ms), which a replay jump
 * that mounts hundreds of messages pays hundreds of times. The transform keeps no state of its own.
 */
function sharedHighlight(): ReturnType<typeof rehypeHighlight> {
  highlightTransform ??= rehypeHighlight({ detect: false });
  return highlightTransform;
}

const rehypePlugins = [sharedHighlight];

/**
 * Rendered messages by text. react-markdown's `Markdown` is a pure function of its props (no hooks),
 * so its element tree can be kept and shown again: scrubbing a replay back and forth mounts the same
 * messages over and over, and parsing them again was most of a long seek.
 */
const rendered = new RenderCache<ReactElement>(500, 2_000_000);

/**
 * The agent's text as Markdown. Raw HTML in it is dropped (`skipHtml`), URLs pass react-markdown's
 * own filter (no `javascript:`), and everything is built as React elements: nothing from the model
 * is ever set as HTML. Code blocks with a language are highlighted (rehype-highlight).
 */
export default function AgentMarkdownRenderer({ text }: { text: string }) {
  return rendered.get(text, () => Markdown({ children: text, skipHtml: true, components, urlTransform: defaultUrlTransform, rehypePlugins }));
}
