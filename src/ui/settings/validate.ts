import type { AskBefore } from '../../protocol/ask-before';
import { endSentence } from '../../protocol/error-message';
import { type RunErrorCode, RunErrorCodeSchema } from '../../protocol/events';
import { type Role, ROLES } from '../../protocol/handoffs';
import {
  MAX_ITERATIONS_LIMITS,
  MAX_REVIEW_ROUNDS_LIMITS,
  type Provider,
  PROVIDERS,
  type RolesSettings,
  type Settings,
  SettingsSchema,
  type Tokenizer,
} from '../../protocol/settings';
import type { SuggestionOverrides } from '../../protocol/suggestions';
import type { PageSettings } from './page-settings';

/** The Settings form's fields, as typed text (numbers are parsed here, not in the form). */
export interface SettingsDraft {
  provider: Provider;
  baseUrl: string;
  model: string;
  apiKey: string;
  scenario: string;
  idleTimeoutSeconds: string;
  replyLimitMinutes: string;
  mode: Settings['mode'];
  maxIterations: string;
  sandbox: Settings['sandbox'];
  bootTimeoutSeconds: string;
  /** Empty: the build's key, if any. */
  webcontainerApiKey: string;
  /** plan_exec policy overrides as JSON text; checked by the worker, not here. */
  policyText: string;
  refuseSyntaxErrors: boolean;
  allowDestructive: boolean;
  shareAddress: string;
  maxRecoveries: string;
  emergency: boolean;
  /** "Check the work when the agent finishes", and the fix attempts after a failed check. */
  finalCheck: boolean;
  fixAttempts: string;
  /** The recovery tier's model name on the same endpoint (empty: the main model). */
  recoveryModel: string;
  /** Per error code, the suggestions for a failed run, one a line (empty: the built-in ones). */
  suggestions: Record<RunErrorCode, string>;
  /** Tokens; empty: the model's known window. */
  contextWindow: string;
  tokenizer: Tokenizer;
  temperature: string;
  maxOutputTokens: string;
  /** The summaries' model name (empty: the main model) and its endpoint (empty: the main one). */
  summaryModel: string;
  summaryBaseUrl: string;
  /** Budgets; empty: none. */
  maxTokensPerRun: string;
  maxCostPerRun: string;
  /** orchestrator: how many reviews a run may have. */
  maxReviewRounds: string;
  /** orchestrator: each role's model name (empty: the main model), step cap (empty: Max iterations) and extra instructions. */
  roles: Record<Role, RoleDraft>;
  /** "Ask before": which calls wait for the user's approval. */
  askBefore: AskBefore;
}

export interface RoleDraft {
  model: string;
  maxSteps: string;
  instructions: string;
}

export type DraftField = keyof SettingsDraft;
/** One error code's suggestions textarea, which shows its own error. */
export type SuggestionsField = `suggestions.${RunErrorCode}`;
/** One role's field, which shows its own error. */
export type RoleField = `roles.${Role}.${keyof RoleDraft}`;
export type DraftErrors = Partial<Record<DraftField | SuggestionsField | RoleField, string>>;

export function toDraft(settings: PageSettings): SettingsDraft {
  return {
    provider: settings.model.provider,
    baseUrl: settings.model.baseUrl,
    model: settings.model.model,
    apiKey: settings.model.apiKey,
    scenario: settings.model.scenario,
    idleTimeoutSeconds: String(settings.model.idleTimeoutSeconds),
    replyLimitMinutes: String(settings.model.replyLimitMinutes),
    mode: settings.mode,
    maxIterations: String(settings.maxIterations),
    sandbox: settings.sandbox,
    bootTimeoutSeconds: String(settings.webcontainerBootTimeoutMs / 1000),
    webcontainerApiKey: settings.webcontainerApiKey,
    policyText: settings.policyText,
    refuseSyntaxErrors: settings.refuseSyntaxErrors,
    allowDestructive: settings.allowDestructive,
    shareAddress: settings.shareAddress,
    maxRecoveries: String(settings.maxRecoveries),
    emergency: settings.emergency,
    finalCheck: settings.finalCheck,
    fixAttempts: String(settings.fixAttempts),
    recoveryModel: settings.model.recoveryModel,
    suggestions: suggestionTexts(settings.suggestions),
    contextWindow: settings.model.contextWindow === 0 ? '' : String(settings.model.contextWindow),
    tokenizer: settings.model.tokenizer,
    temperature: String(settings.model.temperature),
    maxOutputTokens: String(settings.model.maxOutputTokens),
    summaryModel: settings.model.summaryModel,
    summaryBaseUrl: settings.model.summaryBaseUrl,
    maxTokensPerRun: settings.maxTokensPerRun === null ? '' : String(settings.maxTokensPerRun),
    maxCostPerRun: settings.maxCostPerRun === null ? '' : String(settings.maxCostPerRun),
    maxReviewRounds: String(settings.maxReviewRounds),
    roles: roleDrafts(settings.roles),
    askBefore: settings.askBefore,
  };
}

function roleDrafts(roles: RolesSettings): Record<Role, RoleDraft> {
  const entries = ROLES.map((role) => {
    const { model, maxSteps, instructions } = roles[role];
    return [role, { model, maxSteps: maxSteps === null ? '' : String(maxSteps), instructions }] as const;
  });
  return Object.fromEntries(entries) as Record<Role, RoleDraft>;
}

function rolesOf(drafts: Record<Role, RoleDraft>) {
  const entries = ROLES.map((role) => {
    const { model, maxSteps, instructions } = drafts[role];
    return [role, { model: model.trim(), maxSteps: parseOptional(maxSteps, null), instructions: instructions.trim() }] as const;
  });
  return Object.fromEntries(entries);
}

/** The overrides as the form's texts: one suggestion a line, empty for a code without overrides. */
function suggestionTexts(overrides: SuggestionOverrides): Record<RunErrorCode, string> {
  const entries = RunErrorCodeSchema.options.map((code) => [code, (overrides[code] ?? []).join('\n')] as const);
  return Object.fromEntries(entries) as Record<RunErrorCode, string>;
}

/** Each text's non-blank lines (and the line each came from, for the error), codes with none left out. */
function suggestionLines(texts: Record<RunErrorCode, string>): { overrides: SuggestionOverrides; lineNumbers: Partial<Record<string, number[]>> } {
  const overrides: SuggestionOverrides = {};
  const lineNumbers: Partial<Record<string, number[]>> = {};
  for (const code of RunErrorCodeSchema.options) {
    const lines = texts[code].split('\n').map((line, index) => ({ text: line.trim(), number: index + 1 }));
    const kept = lines.filter((line) => line.text !== '');
    if (kept.length === 0) continue;
    overrides[code] = kept.map((line) => line.text);
    lineNumbers[code] = kept.map((line) => line.number);
  }
  return { overrides, lineNumbers };
}

/** Picking a preset fills its base URL and model; the key and the rest stay. */
export function applyPreset(draft: SettingsDraft, provider: Provider): SettingsDraft {
  const preset = PROVIDERS[provider];
  return { ...draft, provider, baseUrl: preset.baseUrl, model: preset.model };
}

/** Where each schema path shows its error in the form. */
const FIELD_BY_PATH: Record<string, DraftField> = {
  'model.provider': 'provider',
  'model.baseUrl': 'baseUrl',
  'model.model': 'model',
  'model.apiKey': 'apiKey',
  'model.scenario': 'scenario',
  'model.idleTimeoutSeconds': 'idleTimeoutSeconds',
  'model.replyLimitMinutes': 'replyLimitMinutes',
  mode: 'mode',
  maxIterations: 'maxIterations',
  sandbox: 'sandbox',
  webcontainerBootTimeoutMs: 'bootTimeoutSeconds',
  maxRecoveries: 'maxRecoveries',
  fixAttempts: 'fixAttempts',
  'model.recoveryModel': 'recoveryModel',
  'model.contextWindow': 'contextWindow',
  'model.tokenizer': 'tokenizer',
  'model.temperature': 'temperature',
  'model.maxOutputTokens': 'maxOutputTokens',
  'model.summaryModel': 'summaryModel',
  'model.summaryBaseUrl': 'summaryBaseUrl',
  maxTokensPerRun: 'maxTokensPerRun',
  maxCostPerRun: 'maxCostPerRun',
  maxReviewRounds: 'maxReviewRounds',
};

const MESSAGES: Partial<Record<DraftField, string>> = {
  maxIterations: `Enter a whole number from ${MAX_ITERATIONS_LIMITS.min} to ${MAX_ITERATIONS_LIMITS.max}.`,
  bootTimeoutSeconds: 'Enter a whole number of seconds from 1 to 15.',
  scenario: 'Pick a demo scenario.',
  idleTimeoutSeconds: 'Enter a whole number of seconds from 5 to 3600.',
  replyLimitMinutes: 'Enter a whole number of minutes from 1 to 120.',
  maxRecoveries: 'Enter a whole number from 0 (no recovery) to 5.',
  fixAttempts: 'Enter a whole number from 0 (fail at once) to 5.',
  contextWindow: "Enter a whole number of tokens from 1,000 to 10,000,000, or leave it empty for the model's known window.",
  temperature: 'Enter a number from 0 to 2.',
  maxOutputTokens: 'Enter a whole number of tokens from 1 to 1,000,000.',
  maxTokensPerRun: 'Enter a whole number of tokens (at least 1), or leave it empty for no budget.',
  maxCostPerRun: 'Enter an amount in US dollars from 0.0001 to 100000, or leave it empty for no budget.',
  maxReviewRounds: `Enter a whole number from ${MAX_REVIEW_ROUNDS_LIMITS.min} (no review) to ${MAX_REVIEW_ROUNDS_LIMITS.max}.`,
};

const ROLE_STEPS_MESSAGE = `Enter a whole number from ${MAX_ITERATIONS_LIMITS.min} to ${MAX_ITERATIONS_LIMITS.max}, or leave it empty for Max iterations.`;

function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** An optional number: empty is `empty` (the default, or no budget); "$0.50" reads as 0.5. */
function parseOptional<T>(text: string, empty: T): number | T {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  return trimmed === '' ? empty : Number(trimmed);
}

/** The model settings as typed, unchecked: what validation checks, and what "List models" and "Test connection" send. */
export function draftModelSettings(draft: SettingsDraft) {
  return {
    provider: draft.provider,
    baseUrl: draft.baseUrl.trim(),
    model: draft.model.trim(),
    apiKey: draft.apiKey.trim(),
    scenario: draft.scenario,
    idleTimeoutSeconds: parseNumber(draft.idleTimeoutSeconds),
    replyLimitMinutes: parseNumber(draft.replyLimitMinutes),
    recoveryModel: draft.recoveryModel.trim(),
    contextWindow: parseOptional(draft.contextWindow, 0),
    tokenizer: draft.tokenizer,
    temperature: parseNumber(draft.temperature),
    maxOutputTokens: parseNumber(draft.maxOutputTokens),
    summaryModel: draft.summaryModel.trim(),
    summaryBaseUrl: draft.summaryBaseUrl.trim(),
  };
}

/** Checks every field but the policy, whose check needs the worker (see SettingsDialog). */
export function validateDraft(draft: SettingsDraft): { ok: true; settings: PageSettings } | { ok: false; errors: DraftErrors } {
  const suggestions = suggestionLines(draft.suggestions);
  const candidate = {
    model: draftModelSettings(draft),
    mode: draft.mode,
    maxIterations: parseNumber(draft.maxIterations),
    sandbox: draft.sandbox,
    webcontainerBootTimeoutMs: parseNumber(draft.bootTimeoutSeconds) * 1000,
    refuseSyntaxErrors: draft.refuseSyntaxErrors,
    allowDestructive: draft.allowDestructive,
    shareAddress: draft.shareAddress.trim(),
    maxRecoveries: parseNumber(draft.maxRecoveries),
    emergency: draft.emergency,
    finalCheck: draft.finalCheck,
    fixAttempts: parseNumber(draft.fixAttempts),
    suggestions: suggestions.overrides,
    maxTokensPerRun: parseOptional(draft.maxTokensPerRun, null),
    maxCostPerRun: parseOptional(draft.maxCostPerRun, null),
    maxReviewRounds: parseNumber(draft.maxReviewRounds),
    roles: rolesOf(draft.roles),
    askBefore: draft.askBefore,
  };
  const errors: DraftErrors = {};
  const result = SettingsSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, code, index] = issue.path;
      if (first === 'suggestions' && typeof code === 'string') {
        // One error per textarea; an issue with one suggestion names its line.
        const field: SuggestionsField = `suggestions.${code as RunErrorCode}`;
        const line = typeof index === 'number' ? suggestions.lineNumbers[code]?.[index] : undefined;
        errors[field] ??= line === undefined ? capitalize(issue.message) : `Line ${line}: ${punctuate(issue.message)}`;
        continue;
      }
      if (first === 'roles' && typeof code === 'string' && typeof index === 'string') {
        const field = `roles.${code}.${index}` as RoleField;
        errors[field] ??= index === 'maxSteps' ? ROLE_STEPS_MESSAGE : capitalize(issue.message);
        continue;
      }
      const field = FIELD_BY_PATH[issue.path.join('.')];
      if (field && errors[field] === undefined) errors[field] = MESSAGES[field] ?? capitalize(issue.message);
    }
  }
  // Checks the schema leaves to the form: an endpoint needs a real URL, and some providers a key.
  if (draft.provider !== 'scripted') {
    if (!isHttpUrl(candidate.model.baseUrl)) errors.baseUrl ??= 'Enter a base URL starting with http:// or https://.';
    if (PROVIDERS[draft.provider].needsKey && candidate.model.apiKey === '') {
      errors.apiKey ??= `${PROVIDERS[draft.provider].label} needs an API key.`;
    }
  }
  if (candidate.model.summaryBaseUrl !== '') {
    if (!isHttpUrl(candidate.model.summaryBaseUrl)) errors.summaryBaseUrl ??= 'Enter a base URL starting with http:// or https://, or leave it empty.';
    if (candidate.model.summaryModel === '') errors.summaryModel ??= 'Name the summary model to use on the summary base URL.';
  }
  if (candidate.shareAddress !== '' && !isHttpUrl(candidate.shareAddress))
    errors.shareAddress = 'Enter an address starting with http:// or https://, or leave it empty.';
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: { ...result.data, policyText: draft.policyText.trim() === '' ? '' : draft.policyText, webcontainerApiKey: draft.webcontainerApiKey.trim() },
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function capitalize(message: string): string {
  return punctuate(message.charAt(0).toUpperCase() + message.slice(1));
}

function punctuate(message: string): string {
  return endSentence(message);
}
