import { useState } from 'react';
import type { Finding } from '../../protocol/handoffs';
import type { HandoffEntry } from '../state/reducer';
import type { OpenFile } from '../timeline/entry-props';
import { AgentText } from './AgentText';

import '../styles/roles.css';

/**
 * A role's handoff as a readable card: the plan's goal, steps and acceptance criteria, the coder's
 * summary, changed files and tests, the review's verdict and findings. The model's words are text
 * nodes or guarded Markdown (AgentText), never HTML; each file opens in the Editor.
 */
export function HandoffCard({ entry, onOpenFile }: { entry: HandoffEntry; onOpenFile: OpenFile | null }) {
  const { handoff, round } = entry;
  switch (handoff.kind) {
    case 'plan':
      return (
        <div className="handoff handoff--plan" role="group" aria-label="Plan">
          <p className="handoff-title">
            <span className="entry-label">Handoff</span> Plan
          </p>
          <Prose label="Goal" text={handoff.plan.goal} />
          <p className="handoff-label">Steps</p>
          <ol className="handoff-list">
            {/* Step ids are the model's: two may be the same. */}
            {handoff.plan.steps.map((step, index) => (
              <li key={index}>
                <span className="handoff-step-title">{step.title}</span>
                {step.files.length > 0 && <FileList paths={step.files} onOpenFile={onOpenFile} />}
              </li>
            ))}
          </ol>
          <p className="handoff-label">Acceptance criteria</p>
          <ul className="handoff-list">
            {handoff.plan.acceptance.map((criterion, index) => (
              <li key={index}>{criterion}</li>
            ))}
          </ul>
        </div>
      );
    case 'work':
      return (
        <div className="handoff handoff--work" role="group" aria-label={`Work, round ${round}`}>
          <p className="handoff-title">
            <span className="entry-label">Handoff</span> Work of round {round}
          </p>
          <Prose label="Summary" text={handoff.work.summary} />
          <p className="handoff-label">Changed files</p>
          {handoff.work.filesChanged.length > 0 ? <FileList paths={handoff.work.filesChanged} onOpenFile={onOpenFile} /> : <p className="entry-text">none</p>}
          <p className="handoff-label">Tests run</p>
          <p className="entry-text">{handoff.work.testsRun === '' ? 'none said' : handoff.work.testsRun}</p>
        </div>
      );
    case 'review': {
      const { verdict, findings } = handoff.review;
      return (
        <div className="handoff handoff--review" role="group" aria-label={`Review, round ${round}`}>
          <p className="handoff-title">
            <span className="entry-label">Handoff</span> Review of round {round}{' '}
            <span className={`badge ${verdict === 'approve' ? 'badge--ok' : 'badge--warn'}`}>{verdict === 'approve' ? 'approved' : 'changes requested'}</span>
          </p>
          {findings.length > 0 && (
            <>
              <p className="handoff-label">Findings</p>
              <ol className="handoff-list handoff-findings">
                {findings.map((finding, index) => (
                  <FindingItem key={index} finding={finding} onOpenFile={onOpenFile} />
                ))}
              </ol>
            </>
          )}
        </div>
      );
    }
  }
}

function Prose({ label, text }: { label: string; text: string }) {
  return (
    <>
      <p className="handoff-label">{label}</p>
      <div className="entry-text markdown">
        <AgentText text={text} />
      </div>
    </>
  );
}

function FindingItem({ finding, onOpenFile }: { finding: Finding; onOpenFile: OpenFile | null }) {
  return (
    <li className="handoff-finding">
      <FileButton path={finding.file} line={finding.line ?? null} onOpenFile={onOpenFile} />
      <p className="entry-text">
        <span className="entry-label">Problem</span>
        {finding.problem}
      </p>
      <p className="entry-text">
        <span className="entry-label">Suggestion</span>
        {finding.suggestion}
      </p>
    </li>
  );
}

function FileList({ paths, onOpenFile }: { paths: readonly string[]; onOpenFile: OpenFile | null }) {
  return (
    <ul className="handoff-files">
      {paths.map((path) => (
        <li key={path}>
          <FileButton path={path} line={null} onOpenFile={onOpenFile} />
        </li>
      ))}
    </ul>
  );
}

/** A workspace path (and line) that opens in the Editor; plain code when the page cannot open files, and why one did not open. */
function FileButton({ path, line, onOpenFile }: { path: string; line: number | null; onOpenFile: OpenFile | null }) {
  const [problem, setProblem] = useState<string | null>(null);
  const text = line === null ? path : `${path}:${line}`;
  if (onOpenFile === null) return <code className="handoff-file">{text}</code>;
  return (
    <>
      <button
        type="button"
        className="link-button handoff-file"
        title={line === null ? `Open ${path} in the Editor` : `Open ${path} at line ${line} in the Editor`}
        onClick={() => void onOpenFile(path, line).then(setProblem)}
      >
        <code>{text}</code>
      </button>
      {problem !== null && (
        <span className="handoff-missing" role="status">
          {' '}
          not opened: {problem}
        </span>
      )}
    </>
  );
}
