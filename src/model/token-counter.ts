import type { ChatMessage, ToolSpec } from './port';

/** The tokenizers a run may count with: o200k (GPT-4o and later, the default) or cl100k (GPT-4, GPT-3.5 and many open models' estimates). */
export type TokenEncoding = 'o200k' | 'cl100k';

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  count(text: string): number;
  /** The whole request as a provider sees it: every message with its framing, and the tool schemas. */
  countRequest(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): number;
}

/** Per-message framing (role, separators) in OpenAI's chat format; per-call framing for tool calls. */
const PER_MESSAGE = 4;
const PER_TOOL_CALL = 3;
const REPLY_PRIMING = 3;

/** Pieces a long text is counted in, and past which length it is estimated (four characters a token) instead. */
const PIECE_CHARS = 2_000;
const COUNTED_CHARS = 256 * 1024;

/**
 * BPE takes quadratic time on a long run without spaces (100k characters of one letter: seconds),
 * and a tool result or an argument may be exactly that. So a long text is counted in pieces, cut
 * at a space or line end near the piece's end where there is one (a cut costs at most a token),
 * and a text past 256 KiB is estimated.
 */
export function piecewise(count: (text: string) => number): (text: string) => number {
  return (text) => {
    if (text.length <= PIECE_CHARS) return count(text);
    if (text.length > COUNTED_CHARS) return Math.ceil(text.length / 4);
    let tokens = 0;
    for (let start = 0; start < text.length;) {
      let end = Math.min(text.length, start + PIECE_CHARS);
      if (end < text.length) {
        const space = Math.max(text.lastIndexOf(' ', end), text.lastIndexOf('\n', end));
        if (space > end - 200) end = space;
      }
      tokens += count(text.slice(start, end));
      start = end;
    }
    return tokens;
  };
}

/**
 * Builds a counter from a tokenizer's count function. Messages and tool lists are counted once per
 * object: a conversation keeps its message objects from turn to turn, so counting a request costs
 * only its new messages.
 */
export function counterOf(encoding: TokenEncoding, countText: (text: string) => number): TokenCounter {
  const count = piecewise(countText);
  const messageTokens = new WeakMap<ChatMessage, number>();
  const toolTokens = new WeakMap<readonly ToolSpec[], number>();
  const countMessage = (message: ChatMessage): number => {
    let tokens = messageTokens.get(message);
    if (tokens === undefined) {
      tokens = countFresh(message);
      messageTokens.set(message, tokens);
    }
    return tokens;
  };
  const countTools = (tools: readonly ToolSpec[]): number => {
    let tokens = toolTokens.get(tools);
    if (tokens === undefined) {
      tokens = tools.length > 0 ? count(JSON.stringify(tools)) : 0;
      toolTokens.set(tools, tokens);
    }
    return tokens;
  };
  const countFresh = (message: ChatMessage): number => {
    let tokens = PER_MESSAGE + count(message.content);
    if (message.role === 'assistant') for (const call of message.toolCalls) tokens += PER_TOOL_CALL + count(call.name) + count(call.arguments);
    if (message.role === 'tool') tokens += count(message.name) + count(message.toolCallId);
    return tokens;
  };
  return {
    encoding,
    count,
    countRequest(messages, tools) {
      let tokens = REPLY_PRIMING;
      for (const message of messages) tokens += countMessage(message);
      return tokens + countTools(tools);
    },
  };
}

/** Distinct pieces remembered by `countByPiece` before its memo starts over (a few MB at most). */
const PIECE_MEMO_LIMIT = 50_000;

/**
 * Counts a text piece by piece, as the tokenizer does: it cuts the text with its split regex and
 * encodes each piece alone, so a piece's count never depends on its neighbours. Known pieces are
 * counted from a Map, which skips the library's per-piece work (its merge cache is an LRU that
 * deletes and re-inserts the piece on every hit): 30,000 tokens of code count in about 60% of
 * the time, the split regex being most of the rest (bench/context.ts).
 */
export function countByPiece(split: RegExp, countPiece: (piece: string) => number): (text: string) => number {
  const memo = new Map<string, number>();
  return (text) => {
    let tokens = 0;
    for (const [piece] of text.matchAll(split)) {
      let n = memo.get(piece);
      if (n === undefined) {
        n = countPiece(piece);
        if (memo.size >= PIECE_MEMO_LIMIT) memo.clear();
        memo.set(piece, n);
      }
      tokens += n;
    }
    return tokens;
  };
}

/** About four characters a token: for tests and for the moment before the tokenizer has loaded. */
export const approximateCounter: TokenCounter = counterOf('o200k', (text) => Math.ceil(text.length / 4));

/** A file or a command's output may hold "<|endoftext|>": it is text to count, not a reason to throw. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const loaded = new Map<TokenEncoding, Promise<TokenCounter>>();

/**
 * The real tokenizer, loaded on first use (its tables are megabytes: a chunk of their own in the
 * page, fetched only when a run needs counting).
 */
export function loadTokenCounter(encoding: TokenEncoding = 'o200k'): Promise<TokenCounter> {
  let counter = loaded.get(encoding);
  if (!counter) {
    counter = (
      encoding === 'o200k'
        ? Promise.all([import('gpt-tokenizer/encoding/o200k_base'), import('gpt-tokenizer/encodingParams/constants')]).then(([m, r]) =>
            counterOf(
              'o200k',
              countByPiece(r.O200K_TOKEN_SPLIT_REGEX, (piece) => m.countTokens(piece, AS_TEXT)),
            ),
          )
        : Promise.all([import('gpt-tokenizer/encoding/cl100k_base'), import('gpt-tokenizer/encodingParams/constants')]).then(([m, r]) =>
            counterOf(
              'cl100k',
              countByPiece(r.CL100K_TOKEN_SPLIT_REGEX, (piece) => m.countTokens(piece, AS_TEXT)),
            ),
          )
    ).catch((error: unknown) => {
      loaded.delete(encoding);
      throw error;
    });
    loaded.set(encoding, counter);
  }
  return counter;
}
