import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { QuestionEntry } from '../state/timeline';

/**
 * A question from the agent. While the run waits on it, a box "Answer" and "Send answer" (and
 * one button per offered option) send the answer, which resumes the run. Everything shown is
 * text: the question comes from the model and is never rendered as HTML.
 */
export function QuestionCard({ entry, onAnswer }: { entry: QuestionEntry; onAnswer: ((callId: string, text: string) => void) | null }) {
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const open = entry.answer === null && onAnswer !== null && !sent;

  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  // A question asked again (after a resume) is answerable again.
  useEffect(() => setSent(false), [entry.answer, onAnswer]);

  const send = (text: string) => {
    if (!onAnswer || text.trim() === '') return;
    setSent(true);
    onAnswer(entry.callId, text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };

  return (
    <div
      className={`question question--${entry.questionKind}`}
      role="group"
      aria-label={entry.questionKind === 'blocker' ? 'The agent is blocked' : 'The agent asks'}
    >
      <p className="question-title">{entry.questionKind === 'blocker' ? 'Blocked — the agent needs you' : 'The agent asks'}</p>
      <p className="entry-text question-text">{entry.question}</p>
      {entry.answer !== null && (
        <p className="question-answer">
          <span className="entry-label">Answer</span> {entry.answer}
        </p>
      )}
      {entry.answer === null && !open && <p className="question-waiting">{sent ? 'Sending the answer…' : 'Waiting for an answer.'}</p>}
      {open && (
        <form className="question-form" onSubmit={submit}>
          {entry.options.length > 0 && (
            <div className="question-options">
              {entry.options.map((option) => (
                <button key={option} type="button" className="button" onClick={() => send(option)}>
                  {option}
                </button>
              ))}
            </div>
          )}
          <label className="question-box">
            <span>Answer</span>
            <textarea
              ref={box}
              rows={2}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter starts a new line.
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send(draft);
                }
              }}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={draft.trim() === ''}>
            Send answer
          </button>
        </form>
      )}
    </div>
  );
}
