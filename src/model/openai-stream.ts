import { z } from 'zod';
import type { ToolCall } from '../protocol/events';
import { describeFirstIssue } from '../protocol/zod-issue';
import { ModelError, type ModelResponse, type ModelUsage, type ToolCallStartInfo } from './port';

/** Only the parts of a chat.completion.chunk we use; anything else is ignored. */
const ToolCallDeltaSchema = z.object({
  index: z.number().int().nonnegative().optional(),
  id: z.string().nullish(),
  function: z
    .object({
      name: z.string().nullish(),
      arguments: z.string().nullish(),
    })
    .nullish(),
});

/** The final chunk of a stream asked with include_usage (choices empty); a shape we do not know is ignored, not an error. */
const UsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish(),
});

const ChunkSchema = z.object({
  usage: z.unknown().optional(),
  choices: z
    .array(
      z.object({
        index: z.number().int().nonnegative().optional(),
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z.array(ToolCallDeltaSchema).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
});

type ToolCallDelta = z.infer<typeof ToolCallDeltaSchema>;

interface PartialCall {
  /** Its place in the reply. */
  position: number;
  index: number | undefined;
  id: string | undefined;
  name: string | undefined;
  arguments: string;
  /** What onToolCallStart was told so far: nothing, the name, or the name and the path. */
  announced: 'nothing' | 'name' | 'path';
}

/** A complete "path" string in partial JSON arguments (its value still escaped). */
const PATH_ARGUMENT = /"path"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/**
 * Folds streamed chunks into one reply. Tool calls are keyed by `index`: id and
 * name arrive once, arguments arrive in pieces, and parallel calls interleave.
 */
export class StreamAccumulator {
  private text = '';
  private finishReason: string | null = null;
  private usage: ModelUsage | undefined;
  private readonly calls: PartialCall[] = [];
  /** The latest call with each index, and the first with each id: a reply of 10,000 calls is not searched per piece. */
  private readonly byIndex = new Map<number, PartialCall>();
  private readonly byId = new Map<string, PartialCall>();
  /** True once any text has been passed to the caller (a retry would then repeat it). */
  emittedText = false;

  add(rawChunk: unknown, onTextDelta?: (text: string) => void, onToolCallStart?: (info: ToolCallStartInfo) => void): void {
    const parsed = ChunkSchema.safeParse(rawChunk);
    if (!parsed.success) {
      throw new ModelError(`the endpoint sent a malformed stream chunk (${describeFirstIssue(parsed.error, 'chunk')})`, 'bad_response', false);
    }
    this.addUsage(parsed.data.usage);
    // Only the first choice matters: we never ask for n > 1.
    const choice = parsed.data.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) return;
    const content = choice.delta?.content;
    if (content) {
      this.text += content;
      this.emittedText = true;
      onTextDelta?.(content);
    }
    for (const delta of choice.delta?.tool_calls ?? []) this.addToolCallDelta(delta, onToolCallStart);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  result(): ModelResponse {
    const toolCalls: ToolCall[] = this.calls.map((call, position) => {
      if (!call.name) {
        throw new ModelError(`the endpoint sent tool call #${position + 1} without a function name`, 'bad_response', false);
      }
      return {
        id: call.id ?? `call_${position}`,
        name: call.name,
        // Some servers stream nothing for a call without arguments.
        arguments: call.arguments.length > 0 ? call.arguments : '{}',
      };
    });
    return { text: this.text, toolCalls, finishReason: this.finishReason, ...(this.usage ? { usage: this.usage } : {}) };
  }

  /** The tool call still being streamed (no finish_reason yet), as a failure message names it. */
  position(): string | null {
    const call = this.calls.at(-1);
    if (!call || this.finishReason !== null) return null;
    return `tool call ${call.name ?? '(not named yet)'} (${call.arguments.length} characters of its arguments so far)`;
  }

  /**
   * The stream ended without a finish_reason while a tool call's arguments were still incomplete
   * JSON: the connection was closed early (a proxy, a crashed server), so the call is not run.
   */
  cutOff(): boolean {
    if (this.finishReason !== null) return false;
    return this.calls.some((call) => call.arguments.trim() !== '' && !isJson(call.arguments));
  }

  /** The provider's token counts (the last usage a stream sends wins; some servers send a running count on every chunk). */
  private addUsage(raw: unknown): void {
    if (raw === undefined || raw === null) return;
    const usage = UsageSchema.safeParse(raw);
    if (!usage.success) return;
    const cached = usage.data.prompt_tokens_details?.cached_tokens;
    this.usage = {
      promptTokens: usage.data.prompt_tokens,
      completionTokens: usage.data.completion_tokens,
      ...(typeof cached === 'number' ? { cachedTokens: cached } : {}),
    };
  }

  private addToolCallDelta(delta: ToolCallDelta, onToolCallStart?: (info: ToolCallStartInfo) => void): void {
    const call = this.slotFor(delta);
    if (delta.id && !call.id) {
      call.id = delta.id;
      if (!this.byId.has(delta.id)) this.byId.set(delta.id, call);
    }
    if (delta.function?.name && !call.name) call.name = delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
    if (onToolCallStart) this.announce(call, onToolCallStart);
  }

  /** Tells the caller a call's name as soon as it is known, and its path once the partial arguments hold it. */
  private announce(call: PartialCall, onToolCallStart: (info: ToolCallStartInfo) => void): void {
    if (!call.name || call.announced === 'path') return;
    const index = call.position;
    const path = readPath(call.arguments);
    if (path !== undefined) {
      call.announced = 'path';
      onToolCallStart({ index, name: call.name, path });
    } else if (call.announced === 'nothing') {
      call.announced = 'name';
      onToolCallStart({ index, name: call.name });
    }
  }

  private slotFor(delta: ToolCallDelta): PartialCall {
    const id = delta.id ?? undefined;
    let existing: PartialCall | undefined;
    if (delta.index !== undefined) {
      existing = this.byIndex.get(delta.index);
      // A different id on a used index means a server that reuses index 0 for every call.
      if (existing && id && existing.id && existing.id !== id) existing = undefined;
    } else if (id) {
      existing = this.byId.get(id);
    } else {
      existing = this.calls.at(-1);
    }
    if (existing) return existing;
    const created: PartialCall = { position: this.calls.length, index: delta.index, id: undefined, name: undefined, arguments: '', announced: 'nothing' };
    this.calls.push(created);
    if (delta.index !== undefined) this.byIndex.set(delta.index, created);
    return created;
  }
}

function readPath(partialArguments: string): string | undefined {
  const escaped = PATH_ARGUMENT.exec(partialArguments)?.[1];
  if (escaped === undefined) return undefined;
  try {
    const path: unknown = JSON.parse(`"${escaped}"`);
    return typeof path === 'string' && path !== '' ? path : undefined;
  } catch {
    return undefined;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
