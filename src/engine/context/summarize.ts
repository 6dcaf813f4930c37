import type { ChatMessage, Model } from '../../model/port';
import { ScriptedSummaryModel } from '../../model/scripted-summary';
import type { TokenCounter } from '../../model/token-counter';
import { messageOf } from '../../protocol/error-message';
import type { Emit } from '../../protocol/events';
import { renderTemplate, SUMMARY_EARLIER, SUMMARY_REQUEST } from '../prompts';
import type { UsageMeter } from '../usage-meter';
import { transcriptOf } from './transcript';

export type SummaryAuthor = 'aux' | 'main' | 'deterministic';

export interface SummaryJob {
  /** The turns to summarise (an earlier summary first, when there is one). */
  turns: readonly ChatMessage[];
  /** The summary the engine writes from the log when no model gives a usable one. */
  fallback: () => string;
  window: number;
  counter: TokenCounter;
  /** The auxiliary ("Summary model"); null: the main model first. */
  aux: Model | null;
  main: Model;
  /** Meters each summary request (role `summary`); one the budget does not allow fails like a refused summary. */
  usage: UsageMeter;
  emit: Emit;
  signal: AbortSignal;
}

/** A summary may use at most this share of the window (and at most MAX_BUDGET tokens). */
const BUDGET_SHARE = 0.1;
const MIN_BUDGET = 300;
const MAX_BUDGET = 3_000;
/** One summary request (one chunk of the transcript) may use this share of the window. */
const REQUEST_SHARE = 0.6;

export function summaryBudget(window: number): number {
  return Math.round(Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, window * BUDGET_SHARE)));
}

/**
 * The summary of old turns, by the auxiliary model, else the main model, else the log. A model's
 * summary is refused when it fails, is empty or is over its budget; each refusal is a notice, so
 * the chain is visible in the log. A scripted main model plays a scenario, not summaries: its
 * runs use the scripted stand-in as their auxiliary and skip the main model.
 */
export async function writeSummary(job: SummaryJob): Promise<{ text: string; by: SummaryAuthor }> {
  const scripted = job.main.info.kind === 'scripted';
  const candidates: { model: Model; by: SummaryAuthor }[] = [];
  const aux = job.aux ?? (scripted ? new ScriptedSummaryModel() : null);
  if (aux) candidates.push({ model: aux, by: 'aux' });
  if (!scripted && aux !== job.main) candidates.push({ model: job.main, by: 'main' });
  const budget = summaryBudget(job.window);
  for (const [index, { model, by }] of candidates.entries()) {
    const next = candidates[index + 1] ? `the ${candidates[index + 1]?.by === 'main' ? 'main model' : 'next model'}` : 'a summary built from the log';
    try {
      const text = (await summariseInChunks(model, job, budget)).trim();
      if (text === '') throw new Error('it sent an empty summary');
      const tokens = job.counter.count(text);
      if (tokens > budget) throw new Error(`its summary has ${tokens} tokens, over the budget of ${budget}`);
      return { text, by };
    } catch (error) {
      if (job.signal.aborted) throw error;
      job.emit({ type: 'notice', level: 'warning', message: `The summary by ${model.info.label} failed (${messageOf(error)}); using ${next}.` });
    }
  }
  return { text: job.fallback(), by: 'deterministic' };
}

/** Summarises the transcript in chunks that each fit the request share, folding each into the next. */
async function summariseInChunks(model: Model, job: SummaryJob, budget: number): Promise<string> {
  const words = String(Math.round(budget * 0.6));
  const limit = job.window * REQUEST_SHARE;
  let summary = '';
  for (const chunk of chunksOf(transcriptOf(job.turns), limit - budget * 2)) {
    const earlier = summary === '' ? '' : renderTemplate(SUMMARY_EARLIER, { summary });
    const prompt = renderTemplate(SUMMARY_REQUEST, { budget: words, earlier, transcript: chunk });
    const reply = await job.usage.complete('summary', model, { messages: [{ role: 'user', content: prompt }], tools: [], signal: job.signal });
    summary = reply.text.trim();
    if (summary === '') return '';
  }
  return summary;
}

/**
 * Whole lines, each chunk under `maxTokens` (a line longer than that is split). Sized at three
 * characters a token, which over-counts most text: tokenizing the whole transcript only to cut it
 * would cost more than the summary's own bookkeeping should.
 */
const CHARS_PER_TOKEN = 3;

function chunksOf(text: string, maxTokens: number): string[] {
  const limit = Math.max(200, maxTokens);
  const chunks: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const line of text.split('\n').flatMap((l) => splitLong(l, limit * CHARS_PER_TOKEN))) {
    const size = Math.ceil(line.length / CHARS_PER_TOKEN) + 1;
    if (tokens + size > limit && current.length > 0) {
      chunks.push(current.join('\n'));
      current = [];
      tokens = 0;
    }
    current.push(line);
    tokens += size;
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks.length > 0 ? chunks : [''];
}

function splitLong(line: string, maxChars: number): string[] {
  if (line.length <= maxChars) return [line];
  const parts: string[] = [];
  for (let i = 0; i < line.length; i += maxChars) parts.push(line.slice(i, i + maxChars));
  return parts;
}
