import type { z } from 'zod';
import {
  ContextWindowSchema,
  MaxCostPerRunSchema,
  MaxOutputTokensSchema,
  MaxTokensPerRunSchema,
  type ModelSettingsInput,
  TemperatureSchema,
  TokenizerSchema,
} from '../protocol/settings';
import { type ParsedArgs, stringFlag, UsageError } from './args';

/** `run`'s flags for counting, sampling, summaries and budgets (with a run or a resume alike). */
export const CONTEXT_FLAGS = [
  'context-window',
  'tokenizer',
  'temperature',
  'max-output-tokens',
  'summary-model',
  'summary-base-url',
  'max-tokens',
  'max-cost',
] as const;

const WHOLE = /^\d+$/;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A flag's number, checked by the settings schema; anything else is a usage error with `message`. */
function numberFlag(args: ParsedArgs, name: string, pattern: RegExp, schema: z.ZodType<number | null>, message: string): number | undefined {
  const text = stringFlag(args, name)?.trim();
  if (text === undefined) return undefined;
  const parsed = pattern.test(text) ? schema.safeParse(Number(text)) : null;
  if (!parsed?.success || parsed.data === null) throw new UsageError(message);
  return parsed.data;
}

/**
 * `--context-window N` (0: the model's known window), `--tokenizer o200k|cl100k`, `--temperature X`,
 * `--max-output-tokens N` and `--summary-model NAME`, as model settings (absent: the defaults).
 */
export function contextSettingsFromArgs(args: ParsedArgs): Partial<ModelSettingsInput> {
  const contextWindow = numberFlag(
    args,
    'context-window',
    WHOLE,
    ContextWindowSchema,
    "--context-window must be a whole number of tokens from 1000 to 10000000 (or 0: the model's known window)",
  );
  const temperature = numberFlag(args, 'temperature', DECIMAL, TemperatureSchema, '--temperature must be a number from 0 to 2');
  const maxOutputTokens = numberFlag(args, 'max-output-tokens', WHOLE, MaxOutputTokensSchema, '--max-output-tokens must be a whole number from 1 to 1000000');
  const tokenizerText = stringFlag(args, 'tokenizer');
  const tokenizer = tokenizerText === undefined ? undefined : TokenizerSchema.safeParse(tokenizerText.trim());
  if (tokenizer && !tokenizer.success) throw new UsageError('--tokenizer must be o200k or cl100k');
  const summaryModel = stringFlag(args, 'summary-model')?.trim();
  if (summaryModel === '') throw new UsageError('--summary-model needs a model name');
  const summaryBaseUrl = stringFlag(args, 'summary-base-url')?.trim();
  if (summaryBaseUrl !== undefined && (summaryBaseUrl === '' || summaryModel === undefined)) {
    throw new UsageError('--summary-base-url URL goes with --summary-model NAME (the model on that endpoint)');
  }
  return {
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(tokenizer?.success ? { tokenizer: tokenizer.data } : {}),
    ...(summaryModel === undefined ? {} : { summaryModel }),
    ...(summaryBaseUrl === undefined ? {} : { summaryBaseUrl }),
  };
}

/** `--max-tokens N` and `--max-cost USD`: the run's budgets (absent: none). */
export function budgetsFromArgs(args: ParsedArgs): { maxTokensPerRun: number | null; maxCostPerRun: number | null } {
  const maxTokensPerRun = numberFlag(args, 'max-tokens', WHOLE, MaxTokensPerRunSchema, '--max-tokens must be a whole number of tokens, at least 1');
  const maxCostPerRun = numberFlag(args, 'max-cost', DECIMAL, MaxCostPerRunSchema, '--max-cost must be an amount in US dollars from 0.0001 to 100000');
  return { maxTokensPerRun: maxTokensPerRun ?? null, maxCostPerRun: maxCostPerRun ?? null };
}
