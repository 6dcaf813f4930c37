import { useEffect, useRef, useState } from 'react';
import type { ApprovalDecision } from '../../protocol/events';
import type { ApprovalEntry } from '../state/approvals';

export type OnApprove = (callId: string, decision: ApprovalDecision, reason: string) => void;

const DECIDED_TEXT: Record<ApprovalDecision, (kind: string) => string> = {
  approved: () => 'Approved',
  approved_all: (kind) => `Approved, with every ${kind} after it in this run`,
  denied: () => 'Denied',
};

/**
 * A command or an edit waiting for the user ("Ask before"): what it would do, then Approve,
 * Approve all of its kind, or Deny with a reason the model reads. Everything shown is text:
 * the command and the file's content come from the model and are never rendered as HTML.
 */
export function ApprovalCard({ entry, onApprove }: { entry: ApprovalEntry; onApprove: OnApprove | null }) {
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const open = entry.decision === null && onApprove !== null && !sent;
  const isCommand = entry.approvalKind === 'command';

  useEffect(() => {
    if (open) card.current?.focus();
  }, [open]);
  // A request asked again (after a resume) can be decided again.
  useEffect(() => setSent(false), [entry.decision, onApprove]);

  const decide = (decision: ApprovalDecision) => {
    if (!onApprove) return;
    setSent(true);
    onApprove(entry.callId, decision, decision === 'denied' ? reason : '');
  };

  return (
    <div ref={card} tabIndex={-1} className="approval" role="group" aria-label={isCommand ? 'Approve the command' : 'Approve the edit'}>
      <p className="approval-title">
        {entry.decision === null ? (isCommand ? 'Approve this command?' : 'Approve this edit?') : isCommand ? 'Command' : 'Edit'}{' '}
        <code className="tool-name">{entry.tool}</code>
      </p>
      <pre className="tool-args approval-summary" tabIndex={0} role="group" aria-label={isCommand ? 'Command' : 'File'}>
        {entry.summary}
      </pre>
      {entry.detail !== null && (
        <pre className="tool-args approval-detail" tabIndex={0} role="group" aria-label={isCommand ? 'The whole command' : 'What the edit writes'}>
          {entry.detail}
        </pre>
      )}
      {entry.decision !== null && (
        <p className={`approval-decision approval-decision--${entry.decision}`}>
          <span className="entry-label">{DECIDED_TEXT[entry.decision](isCommand ? 'command' : 'edit')}</span>
          {entry.reason !== null && ` — ${entry.reason}`}
        </p>
      )}
      {entry.decision === null && !open && <p className="question-waiting">{sent ? 'Sending the decision…' : 'Waiting for approval.'}</p>}
      {open && (
        <form
          className="approval-form"
          onSubmit={(event) => {
            event.preventDefault();
            decide('denied');
          }}
        >
          <div className="approval-actions">
            <button type="button" className="button button--primary" onClick={() => decide('approved')}>
              Approve
            </button>
            <button type="button" className="button" onClick={() => decide('approved_all')}>
              {isCommand ? 'Approve all commands' : 'Approve all edits'}
            </button>
            <button type="submit" className="button">
              Deny
            </button>
          </div>
          <label className="question-box">
            <span>Reason</span>
            <input type="text" value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
          </label>
        </form>
      )}
    </div>
  );
}
