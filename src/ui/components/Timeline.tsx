import { memo, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { verdictText } from '../../protocol/verdict-text';
import { waitingApproval as waitingApprovalOf } from '../state/approvals';
import { waitingQuestion } from '../state/questions';
import type { RefusalView, TimelineEntry } from '../state/reducer';
import { entryProps, type OpenFile } from '../timeline/entry-props';
import { entryPlainText } from '../timeline/entry-text';
import { formatDuration, isStructuredRefusal, phaseChangeText, refusalSummary, roleHeaderText, syntaxCheckBadge } from '../timeline/format';
import { groupByRole } from '../timeline/role-groups';
import { AgentText } from './AgentText';
import { ApprovalCard, type OnApprove } from './ApprovalCard';
import { EntryBoundary } from './EntryBoundary';
import { HandoffCard } from './HandoffCard';
import { QuestionCard } from './QuestionCard';
import { RoleGroupView } from './RoleGroup';
import { TaskEntry } from './TaskEntry';
import { ToolArgs } from './ToolArgs';
import { ToolOutput } from './ToolOutput';
import { UserEditEntry } from './UserEditEntry';
import { RetryLine, type TimelineWait, WaitLine } from './WaitLines';

import '../styles/timeline.css';

export interface TimelineProps {
  entries: readonly TimelineEntry[];
  problems: readonly string[];
  /** What a failed run's card offers (null: nothing, e.g. while replaying). */
  endActions?: RunEndActions | null;
  /** Sends the answer to the question the run waits on (null: no answer can be given now, e.g. while replaying). */
  onAnswer?: ((callId: string, text: string) => void) | null;
  /** What the run waits on at the end of the log (a retry's countdown, the model, a tool call being prepared). */
  wait?: TimelineWait | null;
  /** How many of the latest entries are laid out before the viewer asks for earlier ones. */
  windowSize?: number;
  /** Opens a file of a handoff card in the Editor (null: not now). */
  onOpenFile?: OpenFile | null;
  /** Decides on the call the run waits to have approved (null: no decision can be given now, e.g. while replaying). */
  onApprove?: OnApprove | null;
}

/** How close to the bottom still counts as "following" the run. */
const FOLLOW_THRESHOLD_PX = 32;

/**
 * The Timeline lays out at most this many of the latest entries, and as many more each time the
 * viewer asks: a long session (a link may hold 20,000 events) would otherwise take the page
 * seconds per render. Real runs rarely pass a few hundred entries.
 */
export const TIMELINE_WINDOW = 1000;

/**
 * While a replay shows a point of the log, the entries up to it are laid out from this many before
 * it: a jump across a long session would otherwise lay out hundreds of new entries at once (the
 * forced layout of a jump from the start to the end of 2,000 events took 120 ms of the main thread).
 */
export const REPLAY_WINDOW = 40;

export function Timeline({
  entries,
  problems,
  endActions = null,
  onAnswer = null,
  wait = null,
  windowSize: baseWindow = TIMELINE_WINDOW,
  onOpenFile = null,
  onApprove = null,
}: TimelineProps) {
  const waiting = waitingQuestion(entries);
  const waitingApproval = waitingApprovalOf(entries);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [showJump, setShowJump] = useState(false);
  /** Entries the viewer asked for beyond the window ("Show earlier"). */
  const [extra, setExtra] = useState(0);
  const hidden = Math.max(0, entries.length - baseWindow - extra);
  /** Role groups the viewer opened or closed; the others are open while their role works, closed once it handed off. */
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const onToggle = useCallback((id: string, open: boolean) => setToggled((now) => ({ ...now, [id]: open })), []);
  const shared = { endActions, wait, onAnswer, waiting, openFile: onOpenFile, onApprove, waitingApproval };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
    if (following.current) setShowJump(false);
  };

  // Follow new content unless the viewer scrolled up to read.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    else setShowJump(true);
  }, [entries, problems, wait?.current?.kind]);

  // The list's box shrinks when a refusal toast takes room under it (or the pane is resized): a
  // viewer following the run keeps seeing its end, not the lines above it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const jumpToLatest = () => {
    const el = scroller.current;
    if (!el) return;
    following.current = true;
    el.scrollTop = el.scrollHeight;
    setShowJump(false);
  };

  return (
    <section className="panel timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="panel-title">
        Timeline
      </h2>
      <div className="timeline-scroll" ref={scroller} onScroll={onScroll} tabIndex={0} role="group" aria-label="Timeline entries">
        {problems.length > 0 && (
          <div role="alert" className="problems">
            {problems.map((problem, index) => (
              <p key={index}>{problem}</p>
            ))}
          </div>
        )}
        {entries.length === 0 && problems.length === 0 && <p className="empty">The agent's messages, tool calls and results appear here.</p>}
        {hidden > 0 && (
          <button type="button" className="button timeline-earlier" onClick={() => setExtra((more) => more + TIMELINE_WINDOW)}>
            Show {Math.min(hidden, TIMELINE_WINDOW).toLocaleString('en-US')} earlier entries ({hidden.toLocaleString('en-US')} not shown)
          </button>
        )}
        <ol className="timeline-list">
          {groupByRole(entries, hidden).map((item) =>
            item.kind === 'entry' ? (
              <TimelineItem key={item.entry.id} {...entryProps(item.entry, shared)} />
            ) : (
              <RoleGroupView
                key={item.header.id}
                group={item}
                items={item.entries.map((entry) => entryProps(entry, shared))}
                handoff={item.handoff && entryProps(item.handoff, shared)}
                open={toggled[item.header.id] ?? item.handoff === null}
                onToggle={onToggle}
                Item={TimelineItem}
              />
            ),
          )}
        </ol>
        <WaitLine wait={wait} />
      </div>
      {showJump && (
        <button type="button" className="button jump" onClick={jumpToLatest}>
          Jump to latest
        </button>
      )}
    </section>
  );
}

export interface TimelineItemProps {
  entry: TimelineEntry;
  endActions: RunEndActions | null;
  wait: TimelineWait | null;
  onAnswer: ((callId: string, text: string) => void) | null;
  openFile: OpenFile | null;
  onApprove: OnApprove | null;
}

/**
 * One entry, memoised on its props: a replay seek keeps the entry objects the two positions share
 * (session-view.ts), so only the entries that differ render again, not the whole Timeline.
 */
const TimelineItem = memo(function TimelineItem({ entry, endActions, wait, onAnswer, openFile, onApprove }: TimelineItemProps) {
  return (
    <li className={`entry entry--${entry.kind}`}>
      <EntryBoundary text={entryPlainText(entry)}>
        {entry.kind === 'question' ? (
          <QuestionCard entry={entry} onAnswer={onAnswer} />
        ) : entry.kind === 'approval' ? (
          <ApprovalCard entry={entry} onApprove={onApprove} />
        ) : entry.kind === 'handoff' ? (
          <HandoffCard entry={entry} onOpenFile={openFile} />
        ) : (
          <Entry entry={entry} endActions={endActions} wait={wait} />
        )}
      </EntryBoundary>
    </li>
  );
});

function Entry({ entry, endActions, wait }: { entry: TimelineEntry; endActions: RunEndActions | null; wait: TimelineWait | null }) {
  switch (entry.kind) {
    case 'role':
      // Outside a group only when laid out alone; groupByRole makes it a group's header.
      return <p className="entry-text role-group-heading">{roleHeaderText(entry)}</p>;
    case 'handoff':
      return <HandoffCard entry={entry} onOpenFile={null} />;
    case 'task':
      return <TaskEntry entry={entry} />;
    case 'assistant':
      return (
        <>
          <span className="entry-label">Agent</span>
          <div className="entry-text markdown" aria-busy={entry.streaming}>
            <AgentText text={entry.text} />
            {entry.streaming && <span className="cursor" aria-hidden="true" />}
          </div>
        </>
      );
    case 'tool':
      return (
        <>
          <div className="tool-head">
            <span className="entry-label">Tool</span>
            <code className="tool-name">{entry.name}</code>
            {entry.result === null ? (
              <span className="badge badge--pending">running…</span>
            ) : (
              <>
                <span className={`badge ${entry.result.ok ? 'badge--ok' : 'badge--fail'}`}>
                  {entry.result.ok ? 'ok' : entry.refusal ? 'refused' : 'failed'}
                </span>
                <span className="duration">{formatDuration(entry.result.durationMs)}</span>
                <SyntaxBadge output={entry.result.output} />
              </>
            )}
          </div>
          <ToolArgs name={entry.name} args={entry.args} rawArguments={entry.rawArguments} />
          {entry.refusal && <Refusal refusal={entry.refusal} />}
          {entry.result && !(entry.refusal && isStructuredRefusal(entry.result.output)) && <ToolOutput output={entry.result.output} />}
          {entry.checkpoint && endActions && (
            <button type="button" className="button button--small" onClick={() => entry.checkpoint && endActions.restore(entry.checkpoint, 'this step')}>
              Restore files to here
            </button>
          )}
        </>
      );
    case 'file':
      return (
        <p className="entry-text entry-text--quiet">
          <span className="entry-label">File</span> {entry.change} <code>{entry.path}</code>
        </p>
      );
    case 'user_edit':
      return <UserEditEntry entry={entry} />;
    case 'notice':
      return (
        <p className={`entry-text notice notice--${entry.level}`}>
          <span className="entry-label">{entry.level === 'warning' ? 'Warning' : 'Note'}</span> {entry.message}
        </p>
      );
    case 'retry':
      return <RetryLine entry={entry} wait={wait} />;
    case 'phase':
      return (
        <p className="entry-text phase-change" data-phase={entry.to}>
          {phaseChangeText(entry)}
        </p>
      );
    case 'refusal':
      return <Refusal refusal={entry} />;
    case 'end':
      return <RunEnd entry={entry} actions={endActions} />;
    case 'question':
      return <QuestionCard entry={entry} onAnswer={null} />;
    case 'approval':
      return <ApprovalCard entry={entry} onApprove={null} />;
    case 'compaction':
      return <Compaction entry={entry} />;
  }
}

/** What the gate refused, why, and what to do instead. */
function Refusal({ refusal }: { refusal: RefusalView }) {
  return (
    <div className="refusal">
      <p className="refusal-title">
        <span className="entry-label">Refused</span> {refusalSummary(refusal)}
      </p>
      <p className="entry-text">{refusal.reason}</p>
      <p className="entry-text refusal-hint">
        <span className="entry-label">Hint</span> {refusal.hint}
      </p>
    </div>
  );
}

const SUMMARY_AUTHOR = { aux: 'the summary model', main: 'the main model', deterministic: 'the log (no model)' } as const;

/** A compaction is one quiet line; a summary can be opened to read. */
function Compaction({ entry }: { entry: Extract<TimelineEntry, { kind: 'compaction' }> }) {
  const tokens = `${entry.tokensBefore.toLocaleString('en-US')} → ${entry.tokensAfter.toLocaleString('en-US')} tokens`;
  if (entry.tier === 'mask' || entry.summary === null) {
    return (
      <p className="compaction">
        Context: {entry.masked} old tool {entry.masked === 1 ? 'result' : 'results'} left out of the request ({tokens})
      </p>
    );
  }
  const why = entry.tier === 'overflow' ? 'the provider said the request was too long' : 'the context reached 85% of the window';
  return (
    <details className="compaction">
      <summary>
        Context summarised by {entry.summaryBy ? SUMMARY_AUTHOR[entry.summaryBy] : 'the engine'}: {why} ({tokens})
      </summary>
      <p className="entry-text compaction-summary">{entry.summary}</p>
    </details>
  );
}

/** What the page can do from the timeline: run the task again, put it back in the Task box, restore files to a checkpoint. */
export interface RunEndActions {
  retry: () => void;
  editTask: () => void;
  /** Asks first; `to` names the point for the question. */
  restore: (checkpoint: string, to: string) => void;
  /** Back to the files the run ended with, after a restore (nothing to ask: nothing of the run is lost). */
  backToLatest: (checkpoint: string) => void;
  /** Opens Settings: a failed model request is most often fixed there (endpoint, model, key). */
  openSettings?: () => void;
}

/** Errors of the model request, whose card offers "Open Settings". */
const SETTINGS_ERRORS: ReadonlySet<string> = new Set(['llm_failure']);

/** Why "Roll back" cannot help, or null when it can: going back to the files the run ended with changes nothing. */
export function rollBackBlocked(entry: Pick<Extract<TimelineEntry, { kind: 'end' }>, 'lastCheckpoint' | 'finalFiles'>): string | null {
  return entry.lastCheckpoint !== null && entry.lastCheckpoint === entry.finalFiles ? 'The run changed no files: there is nothing to roll back.' : null;
}

/** A completed run's verdict: "no tests found" when the engine's check found none, never a green badge. */
function verifiedText(entry: Extract<TimelineEntry, { kind: 'end' }>): string {
  const text = entry.status === 'completed' ? verdictText(entry.verified, entry.noTestsFound) : '';
  if (text === '') return '';
  // The verdict was about the files the run ended with, which a restore since replaced.
  return entry.restoredAway ? ` — ${text} on its final files, since restored to an earlier point` : ` — ${text}`;
}

function RunEnd({ entry, actions }: { entry: Extract<TimelineEntry, { kind: 'end' }>; actions: RunEndActions | null }) {
  const rollBackNote = useId();
  const rollBackReason = rollBackBlocked(entry);
  const headline = { completed: 'Run completed', failed: 'Run failed', cancelled: 'Run cancelled' }[entry.status];
  // A run the model never answered took no step, whatever its iteration count says.
  const steps = entry.answered ? `after ${entry.iterations} ${entry.iterations === 1 ? 'step' : 'steps'}` : 'before the first step';
  const verified = verifiedText(entry);
  return (
    <div className={`run-end run-end--${entry.status}`} {...(entry.status === 'failed' ? { role: 'group', 'aria-label': 'Run failed' } : {})}>
      <p className="run-end-title">
        {headline} {steps}
        {verified}
        {entry.errorCode && <code className="error-code">{entry.errorCode}</code>}
      </p>
      {entry.reason && <p className="entry-text">{entry.reason}</p>}
      {entry.summary && (
        <div className="entry-text markdown">
          <AgentText text={entry.summary} />
        </div>
      )}
      {entry.suggestions.length > 0 && (
        <ol className="run-end-suggestions">
          {entry.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ol>
      )}
      {entry.restoredAway && entry.finalFiles && actions && (
        <div className="run-end-actions">
          <button type="button" className="button" onClick={() => entry.finalFiles && actions.backToLatest(entry.finalFiles)}>
            Back to latest
          </button>
        </div>
      )}
      {entry.status === 'failed' && actions && (
        <div className="run-end-actions">
          <button type="button" className="button button--primary" onClick={actions.retry}>
            Retry
          </button>
          <button type="button" className="button" onClick={actions.editTask}>
            Edit task
          </button>
          {entry.errorCode !== null && SETTINGS_ERRORS.has(entry.errorCode) && actions.openSettings && (
            <button type="button" className="button" onClick={actions.openSettings}>
              Open Settings
            </button>
          )}
          {entry.lastCheckpoint && (
            <button
              type="button"
              className="button"
              disabled={rollBackReason !== null}
              aria-describedby={rollBackReason === null ? undefined : rollBackNote}
              onClick={() => entry.lastCheckpoint && actions.restore(entry.lastCheckpoint, 'the start of the run')}
            >
              Roll back
            </button>
          )}
        </div>
      )}
      {entry.status === 'failed' && actions && entry.lastCheckpoint && rollBackReason !== null && (
        <p id={rollBackNote} className="run-end-note">
          {rollBackReason}
        </p>
      )}
    </div>
  );
}

/** Flags a write whose syntax check found new errors; the full report is in the output. */
function SyntaxBadge({ output }: { output: string }) {
  const text = syntaxCheckBadge(output);
  return text ? <span className="badge badge--warn syntax-badge">{text}</span> : null;
}
