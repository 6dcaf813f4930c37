import type { ChatMessage, ToolSpec } from '../../model/port';
import type { TokenCounter } from '../../model/token-counter';
import { cutLargeResults, maskOldResults } from './masking';
import { FIRST_TURN_INDEX } from './turns';

/** Tier 1 starts when the request would use this share of the window; tier 2 (a summary) at SUMMARY_AT. */
export const MASK_AT = 0.6;
export const SUMMARY_AT = 0.85;
/** Recent turns left whole; fewer (down to 1) when they alone do not fit. */
export const KEEP_TURNS = 3;

export interface ViewSettings {
  window: number;
  counter: TokenCounter;
  tools: readonly ToolSpec[];
}

export interface RequestView {
  messages: ChatMessage[];
  tokens: number;
  /** Tokens before masking and cutting (pinned state included). */
  fullTokens: number;
  /** Tokens with the last 3 turns kept whole, before fewer are kept or results cut: what decides a summary. */
  maskedTokens: number;
  keptTurns: number;
  masked: number;
  cut: number;
}

/**
 * The request for the next model call, as a pure function of the conversation and the pinned
 * state: the task message carries the pinned state; from 60% of the window old tool results are
 * masked, keeping the last 3 turns, then 2, then 1 while the request is over 85%; a result still
 * too large for its share is cut to its head and tail. The same log gives the same request.
 */
export function requestView(conversation: readonly ChatMessage[], pinned: string | null, settings: ViewSettings): RequestView {
  const count = (messages: readonly ChatMessage[]) => settings.counter.countRequest(messages, settings.tools);
  const full = withPinned(conversation, pinned);
  const fullTokens = count(full);
  const whole = { messages: full, tokens: fullTokens, fullTokens, maskedTokens: fullTokens, keptTurns: KEEP_TURNS, masked: 0, cut: 0 };
  if (fullTokens < settings.window * MASK_AT) return whole;
  let keep = KEEP_TURNS;
  let masked = maskOldResults(full, keep);
  let tokens = count(masked.messages);
  const maskedTokens = tokens;
  while (tokens >= settings.window * SUMMARY_AT && keep > 1) {
    keep--;
    masked = maskOldResults(full, keep);
    tokens = count(masked.messages);
  }
  if (tokens < settings.window * SUMMARY_AT) return { ...whole, messages: masked.messages, tokens, maskedTokens, keptTurns: keep, masked: masked.masked };
  // The recent turns alone are too large: each remaining result gets a share of what is left.
  const results = masked.messages.filter((m) => m.role === 'tool').length;
  const room = Math.max(settings.window * 0.5 - (tokens - resultTokens(masked.messages, settings.counter)), settings.window * 0.1);
  const shareChars = Math.max(800, Math.floor((room / Math.max(1, results)) * 4));
  const cut = cutLargeResults(masked.messages, shareChars);
  return { messages: cut.messages, tokens: count(cut.messages), fullTokens, maskedTokens, keptTurns: keep, masked: masked.masked, cut: cut.cut };
}

/** The task message carries the pinned state (task, phase, changed files, failures, answers), rebuilt for each request. */
function withPinned(conversation: readonly ChatMessage[], pinned: string | null): ChatMessage[] {
  const messages = [...conversation];
  const task = messages[FIRST_TURN_INDEX - 1];
  if (pinned && task?.role === 'user') messages[FIRST_TURN_INDEX - 1] = { ...task, content: pinned };
  return messages;
}

function resultTokens(messages: readonly ChatMessage[], counter: TokenCounter): number {
  let tokens = 0;
  for (const message of messages) if (message.role === 'tool') tokens += counter.count(message.content);
  return tokens;
}
