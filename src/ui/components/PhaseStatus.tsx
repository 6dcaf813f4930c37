import type { PhaseStrip } from '../state/phase-strip';
import { formatDuration } from '../timeline/format';

import '../styles/phase.css';

const STEP_NOTE = { done: 'done', current: 'current phase', upcoming: 'not reached', skipped: 'skipped' } as const;
const ROLE_NOTE = { done: 'done', current: 'current role', upcoming: 'not reached', skipped: 'no review in this run' } as const;

/**
 * The plan_exec phases in order, or in orchestrator mode its roles (Planner, Coder and Reviewer with
 * their rounds), the current one marked with aria-current="step"; in react mode only the label
 * "Mode: ReAct — no phases" (a strip of phases that never apply would mislead).
 * The status element holds only the sentence naming the phase or role, so its text reads
 * the same to a screen reader, a test and a sighted viewer.
 */
export function PhaseStatus({ strip }: { strip: PhaseStrip }) {
  const current = strip.steps.find((step) => step.status === 'current')?.phase ?? strip.roles.find((step) => step.status === 'current')?.role ?? 'none';
  return (
    <div className="phase" data-active={strip.active ? 'true' : 'false'} data-mode={strip.mode} data-phase={current}>
      <div role="status" aria-label="Phase" className="phase-text">
        {strip.text}
      </div>
      {strip.mode === 'plan_exec' && (
        <ol className="phase-strip" aria-label="Phases">
          {strip.steps.map((step) => (
            <li
              key={step.phase}
              className={`phase-step phase-step--${step.status}`}
              aria-current={step.status === 'current' ? 'step' : undefined}
              title={`${step.phase}: ${STEP_NOTE[step.status]}${step.durationMs === null ? '' : ` (${formatDuration(step.durationMs)})`}`}
            >
              {step.phase}
            </li>
          ))}
        </ol>
      )}
      {strip.mode === 'orchestrator' && (
        <ol className="phase-strip" aria-label="Roles">
          {strip.roles.map((step) => (
            <li
              key={step.role}
              className={`phase-step phase-step--${step.status}`}
              data-role={step.role}
              aria-current={step.status === 'current' ? 'step' : undefined}
              title={`${step.label}: ${ROLE_NOTE[step.status]}${step.durationMs === null ? '' : ` (${formatDuration(step.durationMs)})`}`}
            >
              {step.label}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
