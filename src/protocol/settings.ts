import { z } from 'zod';
import { AskBeforeSchema, DEFAULT_ASK_BEFORE } from './ask-before';
import { SuggestionOverridesSchema } from './suggestions';
import { describeFirstIssue } from './zod-issue';

/** Provider presets; "scripted" is the offline demo model. */
export const PROVIDERS = {
  scripted: { label: 'Demo (scripted)', baseUrl: '', model: 'demo', needsKey: false },
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true },
  openrouter: { label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini', needsKey: true },
  ollama: { label: 'Ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5-coder:7b', needsKey: false },
  lmstudio: { label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', model: 'local-model', needsKey: false },
  custom: { label: 'Custom', baseUrl: 'http://localhost:8000/v1', model: 'model', needsKey: false },
} as const;

export type Provider = keyof typeof PROVIDERS;
export const ProviderSchema = z.enum(Object.keys(PROVIDERS) as [Provider, ...Provider[]]);

/** `orchestrator`: planner → coder → reviewer, each role its own loop with a checked handoff. */
export const ModeSchema = z.enum(['react', 'plan_exec', 'orchestrator']);
export type Mode = z.infer<typeof ModeSchema>;

/** The scenario the scripted model plays: "demo" has a phased variant for plan_exec and a role-played one for orchestrator. */
export function scriptedScenarioFor(scenario: string, mode: Mode): string {
  if (scenario !== 'demo') return scenario;
  return mode === 'plan_exec' ? 'plan_exec-demo' : mode === 'orchestrator' ? 'orchestrator-demo' : scenario;
}

export const SandboxPreferenceSchema = z.enum(['auto', 'virtual', 'webcontainer']);
export type SandboxPreference = z.infer<typeof SandboxPreferenceSchema>;

/** The tokenizers a run may count with. */
export const TokenizerSchema = z.enum(['o200k', 'cl100k']);
export type Tokenizer = z.infer<typeof TokenizerSchema>;

/** Bounds of the counting and sampling settings: the same for Settings, the worker and the CLI. */
export const CONTEXT_LIMITS = {
  contextWindow: { min: 1_000, max: 10_000_000 },
  temperature: { min: 0, max: 2 },
  maxOutputTokens: { min: 1, max: 1_000_000 },
  maxTokensPerRun: { min: 1, max: 1_000_000_000 },
  maxCostPerRun: { min: 0.0001, max: 100_000 },
} as const;

const { contextWindow, temperature, maxOutputTokens, maxTokensPerRun, maxCostPerRun } = CONTEXT_LIMITS;

/** 0 stands for the model's known window. */
export const ContextWindowSchema = z
  .number()
  .int('the context window is a whole number of tokens')
  .refine(
    (tokens) => tokens === 0 || (tokens >= contextWindow.min && tokens <= contextWindow.max),
    "the context window is 0 (the model's known window) or from 1,000 to 10,000,000 tokens",
  );
export const TemperatureSchema = z.number().min(temperature.min, 'the temperature is from 0 to 2').max(temperature.max, 'the temperature is from 0 to 2');
export const MaxOutputTokensSchema = z
  .number()
  .int('max output tokens is a whole number')
  .min(maxOutputTokens.min, 'max output tokens is from 1 to 1,000,000')
  .max(maxOutputTokens.max, 'max output tokens is from 1 to 1,000,000');
/** A run's token budget (prompt and completion tokens of every reply); null: none. */
export const MaxTokensPerRunSchema = z
  .number()
  .int('the token budget is a whole number of tokens')
  .min(maxTokensPerRun.min, 'the token budget is at least 1 token')
  .max(maxTokensPerRun.max, 'the token budget is at most 1,000,000,000 tokens')
  .nullable();
/** A run's cost budget in US dollars; null: none. Enforced only for models with a known price. */
export const MaxCostPerRunSchema = z
  .number()
  .min(maxCostPerRun.min, 'the cost budget is at least $0.0001')
  .max(maxCostPerRun.max, 'the cost budget is at most $100,000')
  .nullable();

/** Everything a run needs to reach a model. `apiKey` lives only in memory and in this browser's storage. */
export const ModelSettingsSchema = z.object({
  provider: ProviderSchema,
  baseUrl: z.string(),
  model: z.string().min(1, 'model name is required'),
  apiKey: z.string(),
  /** Scenario for the scripted provider. */
  scenario: z.string().min(1),
  /** Give up on a reply when the endpoint sends nothing for this long (retried like a network error). */
  idleTimeoutSeconds: z.number().int().min(5).max(3600).default(60),
  /** Stop one reply that takes longer than this in all, however much it streams. */
  replyLimitMinutes: z.number().int().min(1).max(120).default(10),
  /**
   * The recovery tier's model: another model name on the same provider, endpoint and key (empty: the
   * main model). Ignored by the scripted provider, whose scenario scripts the critique itself.
   */
  recoveryModel: z.string().trim().max(200, 'the recovery model name is at most 200 characters').default(''),
  /** The context window in tokens; 0: the model's known window (`model-windows.ts`), else 32,000. */
  contextWindow: ContextWindowSchema.default(0),
  /** The tokenizer the run counts with (o200k: GPT-4o and later; cl100k: GPT-4, GPT-3.5 and many open models' estimates). */
  tokenizer: TokenizerSchema.default('o200k'),
  /** Sampling temperature (left out for reasoning models, which accept only their default). */
  temperature: TemperatureSchema.default(0),
  /** The most tokens a reply may take (`max_tokens`), clipped to what the model allows when known. */
  maxOutputTokens: MaxOutputTokensSchema.default(16_384),
  /**
   * Writes the summaries of old turns when the context fills up: another model name on the same
   * provider, endpoint and key (empty: the main model). Ignored by the scripted provider.
   */
  summaryModel: z.string().trim().max(200, 'the summary model name is at most 200 characters').default(''),
  /**
   * The summary model on another OpenAI-compatible endpoint (a small local server, say); empty: the
   * main endpoint. The main API key goes there only when it is the main endpoint's origin.
   */
  summaryBaseUrl: z.string().trim().max(500, 'the summary base URL is at most 500 characters').default(''),
});
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;
/** Model settings as given (stored before the time limits existed, or from the CLI): limits may be left out. */
export type ModelSettingsInput = z.input<typeof ModelSettingsSchema>;

/** How many model turns a run may take: the same bounds for Settings, the worker and the CLI. */
export const MAX_ITERATIONS_LIMITS = { min: 1, max: 200 } as const;
export const MaxIterationsSchema = z.number().int().min(MAX_ITERATIONS_LIMITS.min).max(MAX_ITERATIONS_LIMITS.max);

/** How many recoveries a run may have: the same bounds for Settings, the worker and the CLI. */
export const MaxRecoveriesSchema = z.number().int().min(0).max(5);

/** Fix attempts after a failed final check: the same bounds for Settings, the worker and the CLI. */
export const FIX_ATTEMPTS_LIMITS = { min: 0, max: 5 } as const;
export const FixAttemptsSchema = z
  .number()
  .int('fix attempts is a whole number')
  .min(FIX_ATTEMPTS_LIMITS.min, 'fix attempts is from 0 to 5')
  .max(FIX_ATTEMPTS_LIMITS.max, 'fix attempts is from 0 to 5');
export const DEFAULT_FIX_ATTEMPTS = 3;

/** orchestrator: how many reviews a run may have; a review asking for changes before the last one starts a new coder round. */
export const MAX_REVIEW_ROUNDS_LIMITS = { min: 0, max: 5 } as const;
export const MaxReviewRoundsSchema = z
  .number()
  .int('max review rounds is a whole number')
  .min(MAX_REVIEW_ROUNDS_LIMITS.min, 'max review rounds is from 0 to 5')
  .max(MAX_REVIEW_ROUNDS_LIMITS.max, 'max review rounds is from 0 to 5');
export const DEFAULT_MAX_REVIEW_ROUNDS = 2;

/** orchestrator: one role's own settings; empty or null: the run's (the main model, the run's step limit, no extra text). */
export const RoleSettingsSchema = z.object({
  /** Another model name on the main endpoint, with the same key; '': the main model. */
  model: z.string().trim().max(200, "a role's model name is at most 200 characters").default(''),
  /** The role's own step cap per round; null: the run's "Max steps". */
  maxSteps: MaxIterationsSchema.nullable().default(null),
  /** Added to the role's prompt layer. */
  instructions: z.string().trim().max(4_000, "a role's extra instructions are at most 4,000 characters").default(''),
});
export type RoleSettings = z.infer<typeof RoleSettingsSchema>;
export const DEFAULT_ROLE_SETTINGS: RoleSettings = { model: '', maxSteps: null, instructions: '' };

/** Each orchestrator role's settings; settings stored before they existed read as the defaults. */
export const RolesSettingsSchema = z.object({
  planner: RoleSettingsSchema.default(DEFAULT_ROLE_SETTINGS),
  coder: RoleSettingsSchema.default(DEFAULT_ROLE_SETTINGS),
  reviewer: RoleSettingsSchema.default(DEFAULT_ROLE_SETTINGS),
});
export type RolesSettings = z.infer<typeof RolesSettingsSchema>;
export const DEFAULT_ROLES_SETTINGS: RolesSettings = { planner: DEFAULT_ROLE_SETTINGS, coder: DEFAULT_ROLE_SETTINGS, reviewer: DEFAULT_ROLE_SETTINGS };

export const SettingsSchema = z.object({
  model: ModelSettingsSchema,
  mode: ModeSchema,
  maxIterations: MaxIterationsSchema,
  sandbox: SandboxPreferenceSchema,
  /** WebContainer boot timeout, at most 15 s. */
  webcontainerBootTimeoutMs: z.number().int().min(1000).max(15000),
  /** create_file / edit_file refuse writes that add syntax errors; settings stored before it existed read as off. */
  refuseSyntaxErrors: z.boolean().default(false),
  /** react mode: run destructive commands too (off: they are refused, as in plan_exec's building phase). */
  allowDestructive: z.boolean().default(false),
  /** Where share links point (a team's hosted copy); empty: this page's own address. */
  shareAddress: z.string().default(''),
  /** The recovery tier: how many times a run may stop for a critique and a revised plan (0: never). */
  maxRecoveries: MaxRecoveriesSchema.default(1),
  /** The emergency tier: a failed run ends with suggestions, retryable and a checkpoint (off: the raw error). */
  emergency: z.boolean().default(true),
  /** The emergency tier's suggestions per error code, in place of the built-in ones; {} keeps them all. */
  suggestions: SuggestionOverridesSchema.default({}),
  /** Budgets: a run ends with budget_exceeded before a request would pass them (null: no budget). */
  maxTokensPerRun: MaxTokensPerRunSchema.default(null),
  maxCostPerRun: MaxCostPerRunSchema.default(null),
  /** "Check the work when the agent finishes": on a final answer the engine runs the check itself. */
  finalCheck: z.boolean().default(true),
  /** "Fix attempts after a failed check": how many times the model is sent back with the failures. */
  fixAttempts: FixAttemptsSchema.default(DEFAULT_FIX_ATTEMPTS),
  /** orchestrator: "Max review rounds". */
  maxReviewRounds: MaxReviewRoundsSchema.default(DEFAULT_MAX_REVIEW_ROUNDS),
  /** orchestrator: each role's model, step cap and extra instructions. */
  roles: RolesSettingsSchema.default(DEFAULT_ROLES_SETTINGS),
  /** "Ask before": which tool calls wait for the user's approval; settings stored before it existed read as nothing. */
  askBefore: AskBeforeSchema.default(DEFAULT_ASK_BEFORE),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  model: {
    provider: 'scripted',
    baseUrl: '',
    model: 'demo',
    apiKey: '',
    scenario: 'demo',
    idleTimeoutSeconds: 60,
    replyLimitMinutes: 10,
    recoveryModel: '',
    contextWindow: 0,
    tokenizer: 'o200k',
    temperature: 0,
    maxOutputTokens: 16_384,
    summaryModel: '',
    summaryBaseUrl: '',
  },
  mode: 'react',
  maxIterations: 30,
  sandbox: 'auto',
  webcontainerBootTimeoutMs: 15000,
  refuseSyntaxErrors: false,
  allowDestructive: false,
  shareAddress: '',
  maxRecoveries: 1,
  emergency: true,
  suggestions: {},
  maxTokensPerRun: null,
  maxCostPerRun: null,
  finalCheck: true,
  fixAttempts: DEFAULT_FIX_ATTEMPTS,
  maxReviewRounds: DEFAULT_MAX_REVIEW_ROUNDS,
  roles: DEFAULT_ROLES_SETTINGS,
  askBefore: DEFAULT_ASK_BEFORE,
};

/** Parses stored or imported settings; anything invalid falls back to the defaults, with the reason. */
export function parseSettings(input: unknown): { settings: Settings; error: string | null } {
  const result = SettingsSchema.safeParse(input);
  if (result.success) return { settings: result.data, error: null };
  return { settings: DEFAULT_SETTINGS, error: describeFirstIssue(result.error, 'settings') };
}
