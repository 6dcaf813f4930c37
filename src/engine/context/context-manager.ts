import type { ChatMessage } from '../../model/port';
import type { EngineEvent, EventPayload } from '../../protocol/events';
import { applyToConversation } from '../conversation';
import type { RunContext } from '../run-context';
import { summaryOfEvents } from './log-summary';
import { pinnedState } from './pinned-state';
import { KEEP_TURNS, requestView, SUMMARY_AT, type ViewSettings } from './request-view';
import { type SummaryAuthor, writeSummary } from './summarize';
import { FIRST_TURN_INDEX, recentTurnsStart, replyIndices } from './turns';

type Say = (event: EventPayload) => void;

/** Masking is reported when it starts and then each time this many more results are left out. */
const MASK_REPORT_STEP = 5;

/**
 * Keeps each request inside the model's window (tiers in request-view.ts and summarize.ts): before
 * every model call `prepare` gives the request to send; from 85% it first replaces the oldest
 * turns by a summary (recorded, so the log rebuilds the same conversation). After a provider's
 * "context too long", `afterOverflow` summarises from the log, without a model call, for one retry.
 */
export class ContextManager {
  private reportedMasked = 0;

  constructor(
    private readonly run: RunContext,
    private readonly log: () => readonly EngineEvent[],
  ) {}

  private get settings(): ViewSettings {
    return { window: this.run.context.window, counter: this.run.context.counter, tools: this.run.toolSpecs };
  }

  private pinned(): string | null {
    const events = this.log();
    return events.some((e) => e.type === 'run_started') ? pinnedState(events) : null;
  }

  /** The request for the next model call; may first summarise old turns into `conversation` (through `say`). */
  async prepare(conversation: ChatMessage[], say: Say): Promise<ChatMessage[]> {
    const settings = this.settings;
    // The pinned state reads no compaction events, so one per request serves before and after a summary.
    const pinned = this.pinned();
    let view = requestView(conversation, pinned, settings);
    if (view.maskedTokens >= settings.window * SUMMARY_AT && this.oldReplies(conversation, KEEP_TURNS) > 0) {
      await this.summarise(conversation, say, 'summary', view.fullTokens, pinned);
      view = requestView(conversation, pinned, settings);
    }
    if (view.masked > 0 && (this.reportedMasked === 0 || view.masked >= this.reportedMasked + MASK_REPORT_STEP)) {
      this.reportedMasked = view.masked;
      this.run.scope.emit({
        type: 'context_compacted',
        tier: 'mask',
        tokensBefore: view.fullTokens,
        tokensAfter: view.tokens,
        keptTurns: view.keptTurns,
        masked: view.masked,
      });
    }
    return view.messages;
  }

  /** The provider said the request was too long: summarise everything but the last turn from the log. */
  async afterOverflow(conversation: ChatMessage[], say: Say): Promise<void> {
    if (this.oldReplies(conversation, 1) === 0) return;
    const pinned = this.pinned();
    await this.summarise(conversation, say, 'overflow', requestView(conversation, pinned, this.settings).fullTokens, pinned, 1);
  }

  /** How many replies lie before the last `keep` turns (what a summary would replace). */
  private oldReplies(conversation: readonly ChatMessage[], keep: number): number {
    const recent = recentTurnsStart(conversation, keep);
    return replyIndices(conversation).filter((i) => i < recent).length;
  }

  private async summarise(
    conversation: ChatMessage[],
    say: Say,
    tier: 'summary' | 'overflow',
    tokensBefore: number,
    pinned: string | null,
    fixedKeep?: number,
  ): Promise<void> {
    const keep = fixedKeep ?? this.turnsToKeep(conversation);
    const recent = recentTurnsStart(conversation, keep);
    const replacedReplies = this.oldReplies(conversation, keep);
    if (replacedReplies === 0) return;
    const fallback = () => summaryOfEvents(eventsBeforeKeptTurns(this.log(), keep));
    const { text, by } =
      tier === 'overflow'
        ? { text: fallback(), by: 'deterministic' as SummaryAuthor }
        : await writeSummary({
            turns: conversation.slice(FIRST_TURN_INDEX, recent),
            fallback,
            window: this.run.context.window,
            counter: this.run.context.counter,
            aux: this.run.context.summaryModel,
            main: this.run.model,
            usage: this.run.usage,
            emit: this.run.scope.emit,
            signal: this.run.scope.signal,
          });
    const event: EventPayload<'context_compacted'> = {
      type: 'context_compacted',
      tier,
      tokensBefore,
      tokensAfter: 0,
      keptTurns: keep,
      summaryBy: by,
      summary: text,
      replacedReplies,
    };
    const after = [...conversation];
    applyToConversation(after, event);
    say({ ...event, tokensAfter: requestView(after, pinned, this.settings).tokens });
    this.reportedMasked = 0;
  }

  /** 3 recent turns, fewer when they alone would take more than the masking threshold. */
  private turnsToKeep(conversation: readonly ChatMessage[]): number {
    const { window, counter, tools } = this.settings;
    for (let keep = KEEP_TURNS; keep > 1; keep--) {
      const recent = conversation.slice(recentTurnsStart(conversation, keep));
      if (counter.countRequest([...conversation.slice(0, FIRST_TURN_INDEX), ...recent], tools) < window * 0.6) return keep;
    }
    return 1;
  }
}

/** The log up to the first kept turn's reply: what the summary replaces, for the summary built from the log. */
function eventsBeforeKeptTurns(events: readonly EngineEvent[], keep: number): EngineEvent[] {
  const replies = events.flatMap((event, index) =>
    event.type === 'assistant_message' && (event.text.trim() !== '' || event.toolCalls.length > 0) ? [index] : [],
  );
  const cut = replies[replies.length - keep] ?? events.length;
  return events.slice(0, cut);
}
