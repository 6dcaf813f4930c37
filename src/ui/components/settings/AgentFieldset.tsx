import { type AskBefore, AskBeforeSchema } from '../../../protocol/ask-before';
import { PHASES } from '../../../protocol/phases';
import { type Mode, ModeSchema } from '../../../protocol/settings';
import { DefaultPolicy, type LoadDefaultPolicy } from '../DefaultPolicy';
import { CheckField, ChoiceSelect, Disclosure, Field, NumberField, TextField } from './fields';
import { OrchestratorFields } from './OrchestratorFields';
import type { DraftProps } from './use-settings-form';

const MODE_LABELS: Record<Mode, string> = {
  react: 'ReAct — one loop, every tool',
  plan_exec: 'Plan & execute — gated phases',
  orchestrator: 'Orchestrator — planner, coder, reviewer',
};

const OFFERED_MODES = ModeSchema.options;

const MODE_NOTES: Record<Mode, string> = {
  react: 'The agent may use every tool at any time; destructive commands are refused unless allowed below.',
  plan_exec: `The run walks ${PHASES.join(' → ')}; each phase allows only some tools and commands, and the gate refuses the rest.`,
  orchestrator: 'A planner, a coder and a reviewer each run their own loop with a fresh context and hand a checked result to the next.',
};

const POLICY_NOTE =
  'Empty uses the defaults. "phases" merges onto the plan & execute phases; "commands": {"deny": ["git push"], "allow": ["npm run lint"]} ' +
  'applies in both modes, matched on the parsed command (a deny rule always wins).';

const REFUSE_SYNTAX_NOTE =
  'create_file and edit_file check code they write (TypeScript, Python, Go and other languages with a grammar). When this is on, a ' +
  'write that adds syntax errors is refused and the file stays as it was; when off, the errors are reported to the agent.';

const ALLOW_DESTRUCTIVE_NOTE =
  'In ReAct mode commands that delete or overwrite the workspace (rm -rf ., git clean -fdx, git reset --hard…) or cannot be judged ' +
  'are refused, as in the building phase. Turn this on to let them run. Plan & execute mode always follows its phase policy.';

const ASK_BEFORE_LABELS: Record<AskBefore, string> = {
  nothing: 'Nothing',
  commands: 'Commands',
  edits_and_commands: 'Edits and commands',
};

const ASK_BEFORE_NOTE =
  'The run pauses before each such call with Approve, Approve all of that kind (for the rest of the run) or Deny; a denial and its ' +
  "reason go to the agent as the call's result. Reads never ask; what the policy refuses is refused without asking.";

const RECOVERY_MODEL_NOTE =
  'Another model on the same provider, base URL and key writes the critique and revised plan, also after a failed model ' +
  'request. The scripted demo always answers with its own scenario.';

/** How the agent works: the mode, the policy overrides (checked by the worker as typed), and the two switches. */
export function AgentFieldset({
  draft,
  errors,
  update,
  loadDefaultPolicy,
  policyWarnings,
}: DraftProps & { loadDefaultPolicy: LoadDefaultPolicy; policyWarnings: readonly string[] }) {
  return (
    <fieldset>
      <legend>Agent</legend>
      <Field id="mode" label="Mode" error={errors.mode} note={MODE_NOTES[draft.mode]}>
        {(control) => (
          <ChoiceSelect
            {...control}
            options={OFFERED_MODES}
            labelOf={(mode) => MODE_LABELS[mode]}
            value={draft.mode}
            onChange={(mode) => update('mode', mode)}
          />
        )}
      </Field>
      {draft.mode === 'orchestrator' && <OrchestratorFields draft={draft} errors={errors} update={update} />}
      <Field id="policy" label="Policy (JSON)" error={errors.policyText} note={POLICY_NOTE}>
        {(control) => (
          <textarea
            {...control}
            className="policy-input"
            rows={5}
            spellCheck={false}
            autoComplete="off"
            placeholder='{"phases": {"planning": {"autoAdvanceAfter": 5}}, "commands": {"deny": ["git push"]}}'
            value={draft.policyText}
            onChange={(event) => update('policyText', event.target.value)}
          />
        )}
      </Field>
      {policyWarnings.length > 0 && (
        <ul className="policy-warnings" aria-label="Policy warnings">
          {policyWarnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <DefaultPolicy load={loadDefaultPolicy} />
      <CheckField
        noteId="refuse-syntax-note"
        label="Refuse edits that break the syntax"
        note={REFUSE_SYNTAX_NOTE}
        checked={draft.refuseSyntaxErrors}
        onChange={(checked) => update('refuseSyntaxErrors', checked)}
      />
      <CheckField
        noteId="allow-destructive-note"
        label="Allow destructive commands"
        note={ALLOW_DESTRUCTIVE_NOTE}
        checked={draft.allowDestructive}
        onChange={(checked) => update('allowDestructive', checked)}
      />
      <Field id="ask-before" label="Ask before" error={errors.askBefore} note={ASK_BEFORE_NOTE}>
        {(control) => (
          <ChoiceSelect
            {...control}
            options={AskBeforeSchema.options}
            labelOf={(choice) => ASK_BEFORE_LABELS[choice]}
            value={draft.askBefore}
            onChange={(choice) => update('askBefore', choice)}
          />
        )}
      </Field>
      <NumberField
        id="max-recoveries"
        label="Recoveries per run"
        note="When a run loops, keeps failing or nears its step limit, the model is asked for a critique and a revised plan, this many times at most (0: never)."
        error={errors.maxRecoveries}
        min={0}
        max={5}
        value={draft.maxRecoveries}
        onChange={(value) => update('maxRecoveries', value)}
      />
      <Disclosure label="Another model for the critique (optional)" open={draft.recoveryModel !== '' || errors.recoveryModel !== undefined}>
        <TextField
          id="recovery-model"
          label="Recovery model"
          error={errors.recoveryModel}
          note={RECOVERY_MODEL_NOTE}
          placeholder="Default: the main model"
          value={draft.recoveryModel}
          onChange={(value) => update('recoveryModel', value)}
        />
      </Disclosure>
      <CheckField
        noteId="final-check-note"
        label="Check the work when the agent finishes"
        note="When the agent says it is done, the engine runs the policy's delivery validate command, else the project's tests, itself (not again when the same check already passed on these files). Off: the agent's own test runs decide."
        checked={draft.finalCheck}
        onChange={(checked) => update('finalCheck', checked)}
      />
      <NumberField
        id="fix-attempts"
        label="Fix attempts after a failed check"
        note="A failed check goes back to the agent with the failures this many times at most; still failing, the run ends with verification_failed (0: at once)."
        error={errors.fixAttempts}
        min={0}
        max={5}
        value={draft.fixAttempts}
        onChange={(value) => update('fixAttempts', value)}
      />
      <CheckField
        noteId="emergency-note"
        label="Explain failed runs"
        note="A failed run ends with numbered suggestions, whether a retry may help, and a checkpoint to roll back to. Off: only the raw error."
        checked={draft.emergency}
        onChange={(checked) => update('emergency', checked)}
      />
    </fieldset>
  );
}
