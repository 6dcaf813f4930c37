import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';

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

const highlight: Parameters<typeof rehypeHighlight> = [{ detect: false }];

/**
 * The agent's text as Markdown. Raw HTML in it is dropped (`skipHtml`), URLs pass react-markdown's
 * own filter (no `javascript:`), and everything is built as React elements: nothing from the model
 * is ever set as HTML. Code blocks with a language are highlighted (rehype-highlight).
 */
export default function AgentMarkdownRenderer({ text }: { text: string }) {
  return (
    <Markdown skipHtml components={components} urlTransform={defaultUrlTransform} rehypePlugins={[[rehypeHighlight, ...highlight]]}>
      {text}
    </Markdown>
  );
}
