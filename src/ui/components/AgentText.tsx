import { lazy, memo, Suspense } from 'react';
import { markdownVerdict } from '../timeline/markdown-guard';
import { PlainText } from './PlainText';

import '../styles/markdown.css';

/** The Markdown renderer and its highlighter load with the first agent message, not with the page. */
const Renderer = lazy(() => import('./AgentMarkdownRenderer'));

const WHY_PLAIN = {
  nesting: 'Shown as plain text: nested too deeply to show as Markdown.',
  length: 'Shown as plain text: too long to show as Markdown.',
} as const;

/**
 * The agent's text, as Markdown once the renderer has loaded (plain text until then). A text nested
 * too deeply or too long for the renderer (`markdown-guard.ts`) stays plain text, with a note.
 * Memoised on the text: a replay seek re-renders the timeline, and parsing every message's Markdown
 * again made a seek in a long session take hundreds of milliseconds.
 */
export const AgentText = memo(function AgentText({ text }: { text: string }) {
  const verdict = markdownVerdict(text);
  if (!verdict.safe) return <PlainText text={text} note={WHY_PLAIN[verdict.reason]} />;
  return (
    <Suspense fallback={<p className="markdown-plain">{text}</p>}>
      <Renderer text={text} />
    </Suspense>
  );
});
