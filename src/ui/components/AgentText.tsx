import { lazy, memo, Suspense } from 'react';

import '../styles/markdown.css';

/** The Markdown renderer and its highlighter load with the first agent message, not with the page. */
const Renderer = lazy(() => import('./AgentMarkdownRenderer'));

/**
 * The agent's text, as Markdown once the renderer has loaded (plain text until then). Memoised on the
 * text: a replay seek re-renders the timeline, and parsing every message's Markdown again made a seek
 * in a long session take hundreds of milliseconds.
 */
export const AgentText = memo(function AgentText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="markdown-plain">{text}</p>}>
      <Renderer text={text} />
    </Suspense>
  );
});
