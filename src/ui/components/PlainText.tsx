import { useState } from 'react';

/** A text shown as it is (never as Markdown or HTML), with a note saying why and a Copy button. */
export function PlainText({ text, note }: { text: string; note: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className="plain-text">
      <p className="plain-text-note">
        {note}{' '}
        <button type="button" className="button button--small" onClick={copy}>
          Copy text
        </button>
        <span role="status">{copied === 'yes' ? ' Copied.' : copied === 'failed' ? ' Could not copy.' : ''}</span>
      </p>
      <pre className="plain-text-body">{text}</pre>
    </div>
  );
}
