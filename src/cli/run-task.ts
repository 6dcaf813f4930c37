import { Engine } from '../engine/engine';
import { createModel } from '../model/create-model';
import { DEFAULT_SETTINGS, MAX_ITERATIONS_LIMITS, MaxIterationsSchema, type ModelSettingsInput, ModeSchema } from '../protocol/settings';
import { STARTER_PROJECT } from '../sandbox/starter-project';
import { VirtualSandbox } from '../sandbox/virtual';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { formatEvent } from './format-event';
import { setNodeGrammarSource } from './grammar-loader-node';
import { loadWorkspace } from './load-workspace';
import { policyFromArgs } from './policy-flag';

export const RUN_FLAGS = ['task', 'model', 'base-url', 'mode', 'policy', 'json', 'max-iterations', 'workspace', 'allow-destructive'] as const;
/** Flags of `run` that take no value. */
export const RUN_SWITCHES = new Set(['json', 'allow-destructive']);

/** `run`: the same engine as the page, headless, on the virtual sandbox. Returns the exit code. */
export async function runTaskCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  rejectUnknownFlags(args, RUN_FLAGS);
  const task = stringFlag(args, 'task');
  if (!task) throw new UsageError('run needs --task TEXT');
  const mode = ModeSchema.safeParse(stringFlag(args, 'mode') ?? 'react');
  if (!mode.success) throw new UsageError('--mode must be react or plan_exec');
  const maxIterations = MaxIterationsSchema.safeParse(Number(stringFlag(args, 'max-iterations') ?? DEFAULT_SETTINGS.maxIterations));
  if (!maxIterations.success) {
    const { min, max } = MAX_ITERATIONS_LIMITS;
    throw new UsageError(`--max-iterations must be a whole number from ${min} to ${max}`);
  }

  const settings = modelSettingsFromArgs(args);
  const policy = policyFromArgs(args);
  const workspaceDir = stringFlag(args, 'workspace');
  const files = workspaceDir ? await loadWorkspace(workspaceDir) : STARTER_PROJECT;
  const sandbox = new VirtualSandbox({ files, reason: 'the CLI always runs on the virtual sandbox' });
  setNodeGrammarSource();
  const engine = new Engine({ sandbox });
  const json = args.flags.get('json') === true;
  engine.session.subscribe((event) => {
    if (json) out(JSON.stringify(event));
    else {
      const text = formatEvent(event);
      if (text !== null) out(text);
    }
  });
  const stop = () => engine.stop();
  process.once('SIGINT', stop);
  try {
    const { status } = await engine.run({
      task,
      mode: mode.data,
      model: createModel(settings, { mode: mode.data }),
      maxIterations: maxIterations.data,
      policy,
      secrets: settings.apiKey ? [settings.apiKey] : [],
      allowDestructive: args.flags.get('allow-destructive') === true,
    });
    return status === 'completed' ? 0 : status === 'cancelled' ? 130 : 1;
  } finally {
    process.off('SIGINT', stop);
  }
}

/** `--model scripted:NAME` or `--base-url URL --model NAME` (key from PHASEGATE_API_KEY or OPENAI_API_KEY). */
function modelSettingsFromArgs(args: ParsedArgs): ModelSettingsInput {
  const model = stringFlag(args, 'model') ?? 'scripted:demo';
  const baseUrl = stringFlag(args, 'base-url');
  if (model.startsWith('scripted:')) {
    if (baseUrl) throw new UsageError('--base-url does not go with a scripted model');
    const scenario = model.slice('scripted:'.length);
    return { provider: 'scripted', baseUrl: '', model: scenario, apiKey: '', scenario };
  }
  if (!baseUrl) throw new UsageError('--model NAME needs --base-url URL (or use --model scripted:NAME)');
  const apiKey = process.env.PHASEGATE_API_KEY ?? process.env.OPENAI_API_KEY ?? '';
  return { provider: 'custom', baseUrl, model, apiKey, scenario: 'demo' };
}
