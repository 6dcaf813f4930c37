import { Engine, type RunSummary } from '../engine/engine';
import { workspaceAt } from '../engine/restore-workspace';
import { type RecordedSettings, recordedSettingsOf, withRecordedSampling } from '../engine/resume-plan';
import { recordedRoles, type RunOptions } from '../engine/run-options';
import { scenarioWorkspace } from '../engine/scenario-workspace';
import { contextOptionsFor, createModel, createRecoveryModel, createSummaryModel, roleOptionsFor, samplingOptionsFor } from '../model/create-model';
import type { Model } from '../model/port';
import { messageOf } from '../protocol/error-message';
import {
  DEFAULT_SETTINGS,
  FixAttemptsSchema,
  MAX_ITERATIONS_LIMITS,
  MaxIterationsSchema,
  MaxRecoveriesSchema,
  MaxReviewRoundsSchema,
  type Mode,
  type ModelSettingsInput,
  ModeSchema,
} from '../protocol/settings';
import { modelSecrets } from '../protocol/url-secrets';
import { STARTER_PROJECT } from '../sandbox/starter-project';
import { VirtualSandbox } from '../sandbox/virtual';
import { MemoryStore } from '../store/memory-store';
import { SessionRecorder } from '../store/recorder';
import { CliApprovals } from './approval-prompt';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { budgetsFromArgs, CONTEXT_FLAGS, contextSettingsFromArgs } from './context-flags';
import { environmentKey, environmentSecrets } from './environment-key';
import { eventFormatter } from './format-event';
import { setNodeGrammarSource } from './grammar-loader-node';
import { CliAnswers, readAnswersFile, type Terminal } from './human-answers';
import { loadWorkspace } from './load-workspace';
import { nodePythonRuntime } from './node-python';
import { policyFromArgs } from './policy-flag';
import { refuseChangedSettings } from './resume-flags';
import { refuseChangedRoles, ROLE_FLAGS, roleFlagsGiven, roleSettingsFromArgs } from './role-flags';
import { readSessionFile, SessionFileWriter } from './session-file-io';
import { terminalSafe } from './terminal-safe';

export const RUN_FLAGS = [
  'task',
  'model',
  'base-url',
  'mode',
  'policy',
  'json',
  'max-iterations',
  'workspace',
  'allow-destructive',
  'save',
  'resume',
  'max-recoveries',
  'no-emergency',
  'recovery-model',
  'answers',
  'approve',
  'fix-attempts',
  'no-final-check',
  'max-review-rounds',
  ...ROLE_FLAGS,
  ...CONTEXT_FLAGS,
] as const;
/** What a resumed run takes from its session file, so it may not be given again. */
const STORED_WITH_THE_SESSION = ['task', 'mode', 'policy', 'max-iterations', 'workspace', 'allow-destructive', 'fix-attempts', 'no-final-check'] as const;
/** Flags of `run` that take no value. */
export const RUN_SWITCHES = new Set(['json', 'allow-destructive', 'no-emergency', 'no-final-check']);

/**
 * `run`: the same engine as the page, headless, on the virtual sandbox. Returns the exit code.
 * `note` takes the line about a loaded --workspace (text mode only: --json prints events alone).
 */
export async function runTaskCommand(
  args: ParsedArgs,
  out: (line: string) => void,
  note: (line: string) => void = toStderr,
  io: CliIo = processIo(),
): Promise<number> {
  rejectUnknownFlags(args, RUN_FLAGS);
  const approvals = approvalsFromArgs(args, io);
  const resumePath = stringFlag(args, 'resume');
  if (resumePath !== undefined) return resumeCommand(args, resumePath, out, approvals);
  const task = stringFlag(args, 'task');
  if (!task) throw new UsageError('run needs --task TEXT');
  const mode = ModeSchema.safeParse(stringFlag(args, 'mode') ?? 'react');
  if (!mode.success) throw new UsageError('--mode must be react, plan_exec or orchestrator');
  const reviewRounds = reviewRoundsFromArgs(args);
  if (reviewRounds.maxReviewRounds !== undefined && mode.data !== 'orchestrator') throw new UsageError('--max-review-rounds goes with --mode orchestrator');
  const roles = roleSettingsFromArgs(args);
  if (roleFlagsGiven(args) && mode.data !== 'orchestrator')
    throw new UsageError('--role-model, --role-steps and --role-instructions go with --mode orchestrator');
  const maxIterations = MaxIterationsSchema.safeParse(Number(stringFlag(args, 'max-iterations') ?? DEFAULT_SETTINGS.maxIterations));
  if (!maxIterations.success) {
    const { min, max } = MAX_ITERATIONS_LIMITS;
    throw new UsageError(`--max-iterations must be a whole number from ${min} to ${max}`);
  }

  const settings = modelSettingsFromArgs(args, 'scripted:demo');
  const policy = policyFromArgs(args);
  const workspaceDir = stringFlag(args, 'workspace');
  // A scripted scenario brings its own project; a real model starts on the starter project.
  let files = settings.provider === 'scripted' ? scenarioWorkspace(settings.scenario) : STARTER_PROJECT;
  if (workspaceDir) {
    const loaded = await loadWorkspace(workspaceDir);
    if (args.flags.get('json') !== true) note(loaded.summary);
    files = loaded.files;
  }
  const human = await humanFromArgs(args);
  const recording = startRecording(args, new MemoryStore(), stringFlag(args, 'save'), out);
  return recording.drive(
    files,
    (engine) =>
      engine.run({
        task,
        mode: mode.data,
        ...modelsFor(settings, mode.data),
        maxIterations: maxIterations.data,
        policy,
        secrets: modelSecrets(settings),
        allowDestructive: args.flags.get('allow-destructive') === true,
        ...failureChainFromArgs(args),
        ...finalCheckFromArgs(args),
        ...budgetsFromArgs(args),
        ...reviewRounds,
        ...(mode.data === 'orchestrator' ? { roles: roleOptionsFor(settings, roles, { mode: mode.data }) } : {}),
        human,
        ...approvals.options,
      }),
    approvals.close,
  );
}

/** Where the CLI prompts (stderr) and reads answers (stdin); `interactive` when stdin is a terminal. */
export type CliIo = Terminal & { interactive: boolean };
const processIo = (): CliIo => ({ input: process.stdin, output: process.stderr, interactive: process.stdin.isTTY === true });

/**
 * `--approve auto|ask` (default auto: nothing is asked, whatever a session recorded). `ask` holds
 * every command and edit for a y / a / n [reason] line on stdin (approval-prompt.ts).
 */
function approvalsFromArgs(args: ParsedArgs, io: CliIo): { options: Pick<RunOptions, 'askBefore' | 'approvals'>; close: () => void } {
  const value = stringFlag(args, 'approve') ?? 'auto';
  if (value === 'auto') return { options: { askBefore: 'nothing' }, close: () => undefined };
  if (value !== 'ask') throw new UsageError('--approve must be auto or ask');
  const channel = new CliApprovals(io);
  return { options: { askBefore: 'edits_and_commands', approvals: channel }, close: () => channel.close() };
}

/** `--max-review-rounds N` (orchestrator: how many reviews, 0–5, default 2), only as given. */
function reviewRoundsFromArgs(args: ParsedArgs): { maxReviewRounds?: number } {
  const text = stringFlag(args, 'max-review-rounds');
  if (text === undefined) return {};
  const parsed = MaxReviewRoundsSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
  if (!parsed.success) throw new UsageError('--max-review-rounds must be a whole number from 0 to 5');
  return { maxReviewRounds: parsed.data };
}

/** `--answers FILE`, then the terminal when stdin is one; neither: a question ends the run with needs_human. */
async function humanFromArgs(args: ParsedArgs): Promise<CliAnswers> {
  const path = stringFlag(args, 'answers');
  const answers = path === undefined ? [] : await readAnswersFile(path);
  return new CliAnswers(answers, process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : null);
}

/**
 * `--max-recoveries N` (0: no recovery tier) and `--no-emergency` (a failed run ends with the raw error),
 * only as given: a resumed run takes the ones it does not get from its session file.
 */
function failureChainFromArgs(args: ParsedArgs): { maxRecoveries?: number; emergency?: false } {
  const text = stringFlag(args, 'max-recoveries');
  const emergency = args.flags.get('no-emergency') === true ? { emergency: false as const } : {};
  if (text === undefined) return emergency;
  const parsed = MaxRecoveriesSchema.safeParse(Number(text));
  if (!parsed.success) throw new UsageError('--max-recoveries must be a whole number from 0 to 5');
  return { maxRecoveries: parsed.data, ...emergency };
}

/** `--no-final-check` (the engine does not check the work on a final answer) and `--fix-attempts N` (0–5, default 3). */
function finalCheckFromArgs(args: ParsedArgs): { finalCheck?: false; fixAttempts?: number } {
  const off = args.flags.get('no-final-check') === true ? { finalCheck: false as const } : {};
  const text = stringFlag(args, 'fix-attempts');
  if (text === undefined) return off;
  const parsed = FixAttemptsSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
  if (!parsed.success) throw new UsageError('--fix-attempts must be a whole number from 0 to 5');
  return { ...off, fixAttempts: parsed.data };
}

/** The budgets given on the command line; a resumed run keeps its own for the ones not given. */
function givenBudgets(args: ParsedArgs): { maxTokensPerRun?: number; maxCostPerRun?: number } {
  const { maxTokensPerRun, maxCostPerRun } = budgetsFromArgs(args);
  return { ...(maxTokensPerRun === null ? {} : { maxTokensPerRun }), ...(maxCostPerRun === null ? {} : { maxCostPerRun }) };
}

/** `run --resume FILE`: goes on with an interrupted session, writing to FILE (or to --save). */
async function resumeCommand(args: ParsedArgs, path: string, out: (line: string) => void, approvals: ReturnType<typeof approvalsFromArgs>): Promise<number> {
  for (const flag of STORED_WITH_THE_SESSION) {
    if (args.flags.has(flag)) throw new UsageError(`--${flag} does not go with --resume: the session file holds it`);
  }
  const loaded = await readSessionFile(path);
  const meta = loaded.file.session;
  const fallbackModel = meta.model.kind === 'scripted' ? `scripted:${meta.model.name}` : undefined;
  const given = modelSettingsFromArgs(args, fallbackModel);
  const recorded = recordedSettingsOf(loaded.events);
  refuseChangedSettings(settingsFromFlags(args, given), recorded);
  if (roleFlagsGiven(args) && meta.mode !== 'orchestrator')
    throw new UsageError(`the role flags go with an orchestrator session (this one is in ${meta.mode} mode)`);
  // The model samples as the run's own did; the window and tokenizer the engine takes from the log.
  const settings = withRecordedSampling(given, recorded);
  // The role models are given again like --recovery-model; the step caps and instructions the session recorded are kept.
  const roles = roleOptionsFor(settings, roleSettingsFromArgs(args), { mode: meta.mode });
  refuseChangedRoles(recordedRoles(roles), recorded.roles);
  const files = (await workspaceAt(loaded.events, loaded.store)) ?? STARTER_PROJECT;
  const human = await humanFromArgs(args);
  const recording = startRecording(args, loaded.store, stringFlag(args, 'save') ?? path, out, meta.id);
  return recording.drive(
    files,
    (engine) =>
      engine.resume({
        events: loaded.events,
        ...modelsFor(settings, meta.mode),
        secrets: modelSecrets(settings),
        ...failureChainFromArgs(args),
        ...givenBudgets(args),
        ...reviewRoundsFromArgs(args),
        roles,
        reason: `continued from ${path}`,
        human,
        ...approvals.options,
      }),
    approvals.close,
  );
}

/** The recorded settings the flags given would set (only those given), as the log would record them. */
function settingsFromFlags(args: ParsedArgs, settings: ModelSettingsInput): RecordedSettings {
  const context = contextSettingsFromArgs(args);
  const counting = contextOptionsFor(settings);
  return {
    ...failureChainFromArgs(args),
    ...givenBudgets(args),
    ...reviewRoundsFromArgs(args),
    ...(context.contextWindow === undefined ? {} : { contextWindow: counting.contextWindow }),
    ...(context.tokenizer === undefined ? {} : { tokenEncoding: counting.tokenEncoding }),
    ...(context.temperature === undefined ? {} : { temperature: context.temperature }),
    ...(context.maxOutputTokens === undefined ? {} : { maxOutputTokens: context.maxOutputTokens }),
  };
}

/** The output (JSONL or text), the session file kept up to date when there is one, and Ctrl-C. */
function startRecording(args: ParsedArgs, store: MemoryStore, savePath: string | undefined, out: (line: string) => void, sessionId?: string) {
  const json = args.flags.get('json') === true;
  const writer = savePath ? new SessionFileWriter(store, savePath) : null;
  if (writer && sessionId) writer.sessionId = sessionId;
  const recorder = writer
    ? new SessionRecorder(store, {
        onStored: () => void writer.schedule(),
        onError: (error) => process.stderr.write(`warning: could not save the session: ${messageOf(error)}\n`),
      })
    : null;
  return {
    async drive(files: Record<string, string>, start: (engine: Engine) => Promise<RunSummary>, finish: () => void = () => undefined): Promise<number> {
      const sandbox = new VirtualSandbox({ files, reason: 'the CLI always runs on the virtual sandbox', python: nodePythonRuntime(), preloadNode: true });
      setNodeGrammarSource();
      // Snapshots are only taken when the session is saved: they are what a resume restores.
      const engine = new Engine({ sandbox, ...(writer ? { blobs: store } : {}) });
      if (writer) writer.secrets = () => [...environmentSecrets(), ...engine.session.registeredSecrets];
      const format = eventFormatter();
      engine.session.subscribe((event) => {
        recorder?.record(event);
        if (json) out(JSON.stringify(event));
        else {
          const text = format(event);
          if (text !== null) out(text);
        }
      });
      const stop = () => engine.stop();
      process.once('SIGINT', stop);
      try {
        const { status } = await start(engine);
        await recorder?.flush();
        await writer?.schedule();
        return status === 'completed' ? 0 : status === 'cancelled' ? 130 : 1;
      } finally {
        process.off('SIGINT', stop);
        finish();
      }
    },
  };
}

const toStderr = (line: string) => process.stderr.write(`${terminalSafe(line)}\n`);

/**
 * The run's model and, with `--recovery-model NAME` and `--summary-model NAME`, the recovery tier's and the summaries'
 * (same endpoint and key; a scripted model answers all); the window and tokenizer it counts with.
 */
function modelsFor(
  settings: ModelSettingsInput,
  mode: Mode,
): { model: Model; recoveryModel?: Model; summaryModel?: Model } & ReturnType<typeof contextOptionsFor> & ReturnType<typeof samplingOptionsFor> {
  const recoveryModel = createRecoveryModel(settings, { mode });
  const summaryModel = createSummaryModel(settings, { mode });
  return {
    model: createModel(settings, { mode }),
    ...(recoveryModel ? { recoveryModel } : {}),
    ...(summaryModel ? { summaryModel } : {}),
    ...contextOptionsFor(settings),
    ...samplingOptionsFor(settings),
  };
}

/**
 * `--model scripted:NAME` or `--base-url URL --model NAME` (key from PHASEGATE_API_KEY or OPENAI_API_KEY), `--recovery-model NAME`,
 * and the counting and sampling flags (context-flags.ts).
 */
function modelSettingsFromArgs(args: ParsedArgs, fallback: string | undefined): ModelSettingsInput {
  const context = contextSettingsFromArgs(args);
  const recoveryModel = stringFlag(args, 'recovery-model')?.trim() ?? '';
  if (args.flags.has('recovery-model') && recoveryModel === '') throw new UsageError('--recovery-model needs a model name');
  const model = stringFlag(args, 'model') ?? fallback;
  if (model === undefined) throw new UsageError('this session used a model endpoint: give --base-url URL --model NAME to go on');
  const baseUrl = stringFlag(args, 'base-url');
  if (model.startsWith('scripted:')) {
    if (baseUrl) throw new UsageError('--base-url does not go with a scripted model');
    const scenario = model.slice('scripted:'.length);
    return { provider: 'scripted', baseUrl: '', model: scenario, apiKey: '', scenario, recoveryModel, ...context };
  }
  if (!baseUrl) throw new UsageError('--model NAME needs --base-url URL (or use --model scripted:NAME)');
  const apiKey = environmentKey();
  return { provider: 'custom', baseUrl, model, apiKey, scenario: 'demo', recoveryModel, ...context };
}
