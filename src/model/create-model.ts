import { messageOf } from '../protocol/error-message';
import { type Role, ROLES } from '../protocol/handoffs';
import { contextWindowFor } from '../protocol/model-windows';
import {
  type Mode,
  type ModelSettings,
  type ModelSettingsInput,
  ModelSettingsSchema,
  type RoleSettings,
  RoleSettingsSchema,
  scriptedScenarioFor,
} from '../protocol/settings';
import { describeFirstIssue } from '../protocol/zod-issue';
import { LazyOpenAiModel } from './lazy-openai';
import type { Model } from './port';
import { getScenario } from './scenarios';
import { ScriptedModel } from './scripted';

export interface CreateModelOptions {
  /** In plan_exec mode the scripted demo plays its phased variant. */
  mode?: Mode;
  /** Per-chunk delay for the scripted model, so its text visibly streams. */
  scriptedDelayMs?: number;
  fetch?: typeof fetch;
}

/** Settings that cannot produce a model; the message says what to fix. */
export class ModelConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelConfigError';
  }
}

/** The one place that turns model settings into a Model adapter. */
export function createModel(settings: ModelSettingsInput, options: CreateModelOptions = {}): Model {
  const parsed = ModelSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    throw new ModelConfigError(`invalid model settings: ${describeFirstIssue(parsed.error, 'settings')}`);
  }
  const { provider, baseUrl, model, apiKey, scenario, idleTimeoutSeconds, replyLimitMinutes, temperature, maxOutputTokens } = parsed.data;
  if (provider === 'scripted') {
    try {
      return new ScriptedModel(getScenario(scriptedScenarioFor(scenario, options.mode ?? 'react')), { delayMs: options.scriptedDelayMs ?? 0 });
    } catch (err) {
      throw new ModelConfigError(messageOf(err));
    }
  }
  checkBaseUrl(baseUrl);
  const limits = { idleTimeoutMs: idleTimeoutSeconds * 1000, totalLimitMs: replyLimitMinutes * 60_000 };
  return new LazyOpenAiModel({ baseUrl, apiKey, model, limits, temperature, maxOutputTokens, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/**
 * The recovery tier's model: `recoveryModel` on the same provider, endpoint, key and limits, built
 * by `createModel`. Undefined when the run should use its main model: no recovery model is set, it
 * names the main model, or the provider is scripted (its scenario scripts the critique as one of its turns).
 */
export function createRecoveryModel(settings: ModelSettingsInput, options: CreateModelOptions = {}): Model | undefined {
  const parsed = ModelSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    throw new ModelConfigError(`invalid model settings: ${describeFirstIssue(parsed.error, 'settings')}`);
  }
  const { provider, model, recoveryModel } = parsed.data;
  if (provider === 'scripted' || recoveryModel === '' || recoveryModel === model) return undefined;
  return createModel({ ...parsed.data, model: recoveryModel, recoveryModel: '' }, options);
}

/**
 * An orchestrator role's model: `roleModel` on the same provider, endpoint, key, limits and sampling,
 * built by `createModel`. Undefined when the role should use the main model: the name is empty or
 * names the main model, or the provider is scripted (its scenario plays every role).
 */
export function createRoleModel(settings: ModelSettingsInput, roleModel: string, options: CreateModelOptions = {}): Model | undefined {
  const parsed = parseModelSettings(settings);
  const name = roleModel.trim();
  if (parsed.provider === 'scripted' || name === '' || name === parsed.model) return undefined;
  return createModel({ ...parsed, model: name, recoveryModel: '', summaryModel: '', summaryBaseUrl: '' }, options);
}

/** One role's settings as a run takes them (the engine's `RunOptions.roles`): only what the role sets. */
export interface RoleRunOptions {
  model?: Model;
  maxSteps?: number;
  instructions?: string;
}

/**
 * The roles' settings (Settings → Roles, the CLI's role flags) as run options: each role's model
 * built by `createRoleModel`, its step cap and its instructions; a role that sets nothing is left out.
 * Throws ModelConfigError on a setting the schema refuses.
 */
export function roleOptionsFor(
  settings: ModelSettingsInput,
  roles: Partial<Record<Role, Partial<RoleSettings>>>,
  options: CreateModelOptions = {},
): Partial<Record<Role, RoleRunOptions>> {
  const result: Partial<Record<Role, RoleRunOptions>> = {};
  for (const role of ROLES) {
    const given = roles[role];
    if (!given) continue;
    const parsed = RoleSettingsSchema.safeParse(given);
    if (!parsed.success) throw new ModelConfigError(`invalid ${role} settings: ${describeFirstIssue(parsed.error, role)}`);
    const { model: name, maxSteps, instructions } = parsed.data;
    const model = createRoleModel(settings, name, options);
    const own: RoleRunOptions = {
      ...(model ? { model } : {}),
      ...(maxSteps === null ? {} : { maxSteps }),
      ...(instructions === '' ? {} : { instructions }),
    };
    if (Object.keys(own).length > 0) result[role] = own;
  }
  return result;
}

/**
 * The model that writes the summaries of old turns when the context fills up: `summaryModel` on the
 * same provider, endpoint, key, limits and sampling, built by `createModel`. Undefined when the run
 * should use its main model: none is set, it names the main model, or the provider is scripted.
 */
export function createSummaryModel(settings: ModelSettingsInput, options: CreateModelOptions = {}): Model | undefined {
  const { provider, model, summaryModel, summaryBaseUrl, ...rest } = parseModelSettings(settings);
  const plain = { summaryModel: '', summaryBaseUrl: '', recoveryModel: '' };
  if (summaryBaseUrl !== '') {
    if (summaryModel === '') throw new ModelConfigError('a summary base URL needs a summary model name');
    checkBaseUrl(summaryBaseUrl);
    // The main key goes only where the main endpoint is: another server gets none.
    const apiKey = provider !== 'scripted' && sameOrigin(summaryBaseUrl, rest.baseUrl) ? rest.apiKey : '';
    return createModel({ ...rest, ...plain, provider: 'custom', baseUrl: summaryBaseUrl, apiKey, model: summaryModel }, options);
  }
  if (provider === 'scripted' || summaryModel === '' || summaryModel === model) return undefined;
  return createModel({ ...rest, ...plain, provider, model: summaryModel }, options);
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** What a run counts with (RunOptions.contextWindow and tokenEncoding): the window from Settings or the model's known one, and the tokenizer. */
export function contextOptionsFor(settings: ModelSettingsInput): { contextWindow: number; tokenEncoding: ModelSettings['tokenizer'] } {
  const { model, contextWindow, tokenizer } = parseModelSettings(settings);
  return { contextWindow: contextWindowFor(model, contextWindow), tokenEncoding: tokenizer };
}

/** The sampling the model is built with (RunOptions.temperature and maxOutputTokens), so the run can record it. */
export function samplingOptionsFor(settings: ModelSettingsInput): { temperature: number; maxOutputTokens: number } {
  const { temperature, maxOutputTokens } = parseModelSettings(settings);
  return { temperature, maxOutputTokens };
}

function parseModelSettings(settings: ModelSettingsInput): ModelSettings {
  const parsed = ModelSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new ModelConfigError(`invalid model settings: ${describeFirstIssue(parsed.error, 'settings')}`);
  return parsed.data;
}

/** The value itself is never echoed: people paste keys into the wrong field. */
function checkBaseUrl(baseUrl: string): void {
  const problem = baseUrlProblem(baseUrl);
  if (problem !== null) throw new ModelConfigError(problem);
}

/** What is wrong with a base URL as typed, or null. */
export function baseUrlProblem(baseUrl: string): string | null {
  const example = 'e.g. https://api.openai.com/v1 or http://localhost:11434/v1';
  if (baseUrl.trim() === '') return `base URL is required (${example})`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `base URL is not a valid URL (${example})`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `base URL must start with http:// or https:// (${example})`;
  return null;
}
