import { lazy, Suspense } from 'react';

import '../styles/markdown.css';

/** The Markdown renderer and its highlighter load with the first agent message, not with the page. */
const Renderer = lazy(() => import('./AgentMarkdownRenderer'));

/** The agent's text, as Markdown once the renderer has loaded (plain text until then). */
export function AgentText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="markdown-plain">{text}</p>}>
      <Renderer text={text} />
    </Suspense>
  );
}
