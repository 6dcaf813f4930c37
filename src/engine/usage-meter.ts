import { costOf, loadModelPrice, type ModelPrice } from '../model/model-prices';
import type { ChatMessage, Model, ModelRequest, ModelResponse, ModelUsage, ToolSpec } from '../model/port';
import type { TokenCounter } from '../model/token-counter';
import type { Emit, EngineEvent, UsageRole } from '../protocol/events';
import { formatCount, formatUsd } from '../protocol/token-figures';
import type { LoopOutcome } from './loop-outcome';

/** A run's budgets (Settings → "Max tokens per run", "Max cost per run"); null: none. */
export interface RunBudgets {
  maxTokens: number | null;
  maxCostUsd: number | null;
}

export interface UsageMeterOptions {
  counter: TokenCounter;
  /** The window the run counts against (RunContext.context.window). */
  window: number;
  /** The main model's price; null when unknown (the cost is then never guessed). */
  price: ModelPrice | null;
  /** The main model's name: another model's calls (a summary or recovery model) are priced by their own. */
  model?: string;
  budgets: RunBudgets;
  emit: Emit;
  /** A resumed run's earlier usage events: its budget goes on from what they spent. */
  earlier?: readonly EngineEvent[];
}

type BudgetFailure = Extract<LoopOutcome, { status: 'failed' }>;

/** Thrown by `checkBudget` before a model call that would pass a budget; the loop ends the run with `outcome`. */
export class BudgetExceeded extends Error {
  constructor(
    readonly budget: 'max_tokens' | 'max_cost',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'BudgetExceeded';
  }

  outcome(iterations: number): BudgetFailure {
    return { status: 'failed', errorCode: 'budget_exceeded', cause: this.budget, reason: this.reason, iterations };
  }
}

/**
 * The run's token and cost account. After each reply it records a `usage` event: the provider's
 * counts, or the run's own count when the provider sent none (`estimated`), the counted size of the
 * request that was sent, the cost when the model's price is known, and the call's role. Before each
 * model call it says whether the next request would pass the run's token or cost budget. The loop's
 * turns are checked and recorded by the loop; every other call (a summary, a recovery critique, the
 * final check) goes through `complete`, so no call escapes the budgets.
 */
export class UsageMeter {
  /** What the run's replies took so far: shared by the meters `forModel` makes, so one budget holds for every model. */
  private readonly account: { tokens: number; costUsd: number };
  /** The last request counted: the same array at the same length is not counted again. */
  private lastCount: { messages: readonly ChatMessage[]; length: number; tools: readonly ToolSpec[]; tokens: number } | null = null;
  /** Prices of the other models a run calls, by name (looked up once). */
  private readonly prices: Map<string, Promise<ModelPrice | null>>;

  constructor(
    private readonly options: UsageMeterOptions,
    shared?: { account: { tokens: number; costUsd: number }; prices: Map<string, Promise<ModelPrice | null>> },
  ) {
    this.prices = shared?.prices ?? new Map();
    this.account = shared?.account ?? { tokens: 0, costUsd: 0 };
    if (shared) return;
    for (const event of options.earlier ?? []) {
      if (event.type !== 'usage') continue;
      this.account.tokens += event.promptTokens + event.completionTokens;
      this.account.costUsd += event.costUsd ?? 0;
    }
  }

  /**
   * The meter for a run on `model`: its price looked up (scripted models have none), and a notice
   * when a cost budget is set that cannot be enforced because the price is unknown.
   */
  static async create(model: Model, options: Omit<UsageMeterOptions, 'price'>): Promise<UsageMeter> {
    const price = model.info.kind === 'scripted' ? null : await loadModelPrice(model.info.name).catch(() => null);
    const { maxCostUsd } = options.budgets;
    if (maxCostUsd !== null && price === null) {
      options.emit({
        type: 'notice',
        level: 'warning',
        message: `The cost budget (${formatUsd(maxCostUsd)} a run) cannot be enforced: no price is known for ${model.info.name}. Only a token budget can stop this run.`,
      });
    }
    return new UsageMeter({ ...options, price, model: model.info.name });
  }

  /**
   * The same account and budgets, with the loop's turns on `model` and priced by it (an orchestrator
   * role on its own model); a notice when a cost budget is set and its price is unknown.
   */
  async forModel(model: Model): Promise<UsageMeter> {
    if (model.info.name === this.options.model) return this;
    const price = await this.priceOf(model);
    const { maxCostUsd } = this.options.budgets;
    if (maxCostUsd !== null && price === null && this.options.price !== null) {
      this.options.emit({
        type: 'notice',
        level: 'warning',
        message: `The cost budget (${formatUsd(maxCostUsd)} a run) cannot be enforced on the turns of ${model.info.name}: no price is known for it.`,
      });
    }
    return new UsageMeter({ ...this.options, price, model: model.info.name }, { account: this.account, prices: this.prices });
  }

  /** Tokens (prompt and completion) the run's replies took so far. */
  get tokens(): number {
    return this.account.tokens;
  }

  /** What the run's replies cost so far in US dollars; null when the price is unknown. */
  get cost(): number | null {
    return this.options.price ? this.account.costUsd : null;
  }

  /** The counted size of a request: its messages and tools, as the run's tokenizer sees them. */
  requestTokens(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): number {
    const last = this.lastCount;
    if (last && last.messages === messages && last.length === messages.length && last.tools === tools) return last.tokens;
    const tokens = this.options.counter.countRequest(messages, tools);
    this.lastCount = { messages, length: messages.length, tools, tokens };
    return tokens;
  }

  /** Before a model call, with the request about to be sent: throws BudgetExceeded when it would pass a budget. */
  checkBudget(messages: readonly ChatMessage[], tools: readonly ToolSpec[], price = this.options.price): void {
    const { maxTokens, maxCostUsd } = this.options.budgets;
    if (maxTokens === null && (maxCostUsd === null || !price)) return;
    const next = this.requestTokens(messages, tools);
    if (maxTokens !== null && this.account.tokens + next > maxTokens) {
      throw new BudgetExceeded(
        'max_tokens',
        `The run would pass its token budget: used ${formatCount(this.account.tokens)} of ${formatCount(maxTokens)} tokens; the next request needs ~${formatCount(next)}.`,
      );
    }
    if (maxCostUsd === null || !price) return;
    const nextCost = costOf(price, { promptTokens: next, completionTokens: 0 });
    if (this.account.costUsd + nextCost > maxCostUsd) {
      throw new BudgetExceeded(
        'max_cost',
        `The run would pass its cost budget: spent ${formatUsd(this.account.costUsd)} of ${formatUsd(maxCostUsd)}; the next request needs ~${formatUsd(nextCost)}.`,
      );
    }
  }

  /**
   * A call besides the loop's turns, on `model` (the main one or another): checked against the
   * budgets (BudgetExceeded: the caller goes on without it), sent, and recorded with its `role`.
   */
  async complete(role: Exclude<UsageRole, 'agent'>, model: Model, request: ModelRequest): Promise<ModelResponse> {
    const price = await this.priceOf(model);
    this.checkBudget(request.messages, request.tools, price);
    const reply = await model.complete(request);
    this.record(request.messages, request.tools, reply, role, price);
    return reply;
  }

  /** After a reply: records its `usage` event (the provider's counts, or the run's own estimate). */
  record(messages: readonly ChatMessage[], tools: readonly ToolSpec[], reply: ModelResponse, role: UsageRole = 'agent', price = this.options.price): void {
    const requestTokens = this.requestTokens(messages, tools);
    const usage: ModelUsage = reply.usage ?? { promptTokens: requestTokens, completionTokens: this.countReply(reply) };
    const cost = price ? costOf(price, usage) : undefined;
    this.account.tokens += usage.promptTokens + usage.completionTokens;
    if (cost !== undefined) this.account.costUsd += cost;
    this.options.emit({
      type: 'usage',
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      ...(usage.cachedTokens === undefined ? {} : { cachedTokens: usage.cachedTokens }),
      estimated: reply.usage === undefined,
      contextWindow: this.options.window,
      requestTokens,
      ...(cost === undefined ? {} : { costUsd: cost }),
      // The agent's turns carry no role, as in logs written before roles: a shared link stays short.
      ...(role === 'agent' ? {} : { role }),
    });
  }

  /** The main model's price, or another model's own (none for scripted models). */
  private priceOf(model: Model): Promise<ModelPrice | null> {
    const { name, kind } = model.info;
    if (kind === 'scripted') return Promise.resolve(null);
    if (name === this.options.model) return Promise.resolve(this.options.price);
    let price = this.prices.get(name);
    if (!price) {
      price = loadModelPrice(name).catch(() => null);
      this.prices.set(name, price);
    }
    return price;
  }

  /** A reply's own tokens: its text and each call's name and arguments. */
  private countReply(reply: ModelResponse): number {
    const count = (text: string) => this.options.counter.count(text);
    return count(reply.text) + reply.toolCalls.reduce((sum, call) => sum + count(call.name) + count(call.arguments), 0);
  }
}
