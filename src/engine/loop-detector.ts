import { LOOP_ALTERNATION, LOOP_MESSAGES, LOOP_REPEAT, renderTemplate } from './prompts';
import { describeCall, type StepFacts, stepKey } from './step-key';

export type { StepFacts } from './step-key';

export type LoopAction = 'none' | 'nudge' | 'recover' | 'escalate';

export interface LoopVerdict {
  action: LoopAction;
  /** The step's key (tool, arguments, result and workspace, hashed). */
  key: string;
  /** Times the step was seen in the window, or full rounds of an alternation. */
  count: number;
  pattern: 'repeat' | 'alternation' | null;
  /** What to tell the model (or the person) when action is not 'none'. */
  message: string | null;
}

export interface LoopThresholds {
  /** Default 3. */
  nudge?: number;
  /** Default 5; every repetition after it escalates. */
  recover?: number;
  /** Steps remembered, default 20. */
  window?: number;
}

const ACTIONS = ['none', 'nudge', 'recover', 'escalate'] as const satisfies readonly LoopAction[];
type Level = 0 | 1 | 2 | 3;
const ESCALATE: Level = 3;

/** Below this many steps (two full rounds) two keys taking turns are not yet an alternation. */
const MIN_ALTERNATION_STEPS = 4;

/**
 * Progress-aware loop detection over the steps of one run. A step is keyed on its call, its result
 * and the workspace, so a re-read after a file changed, or a call whose result differs, is progress
 * and never a repeat. The same key seen `nudge` times within the window nudges, `recover` times
 * recovers, and every time after that escalates. Two keys taking turns (ABAB…) are counted in full
 * rounds with the same thresholds. Nudge and recover fire once each, at their threshold.
 */
export class LoopDetector {
  private readonly nudgeAt: number;
  private readonly recoverAt: number;
  private readonly size: number;
  private recent: string[] = [];
  private readonly calls = new Map<string, string>();
  /** The highest action already taken for a key, so each fires once. */
  private readonly fired = new Map<string, Level>();

  constructor(thresholds: LoopThresholds = {}) {
    this.nudgeAt = thresholds.nudge ?? 3;
    this.recoverAt = thresholds.recover ?? 5;
    this.size = thresholds.window ?? 20;
    if (!(this.nudgeAt >= 2 && this.recoverAt > this.nudgeAt && this.size > this.recoverAt)) {
      throw new Error(`loop thresholds must satisfy 2 <= nudge < recover < window (got ${this.nudgeAt}, ${this.recoverAt}, ${this.size})`);
    }
  }

  observe(step: StepFacts): LoopVerdict {
    const key = stepKey(step);
    this.remember(key, describeCall(step));
    const alternation = this.alternation(key);
    if (alternation) {
      const level = this.levelOf(alternation.rounds);
      const [mine, theirs] = [this.firedFor(key), this.firedFor(alternation.other)];
      const done = mine > theirs ? mine : theirs;
      if (!this.fires(level, done)) return quiet(key, alternation.rounds, 'alternation');
      this.fired.set(key, level);
      this.fired.set(alternation.other, level);
      const repetition = renderTemplate(LOOP_ALTERNATION, {
        count: String(alternation.rounds),
        first: this.callOf(alternation.other),
        second: this.callOf(key),
      });
      return verdict(level, key, alternation.rounds, 'alternation', repetition);
    }
    const count = this.recent.filter((k) => k === key).length;
    const level = this.levelOf(count);
    if (!this.fires(level, this.firedFor(key))) return quiet(key, count, count > 1 ? 'repeat' : null);
    this.fired.set(key, level);
    return verdict(level, key, count, 'repeat', renderTemplate(LOOP_REPEAT, { count: String(count), call: this.callOf(key) }));
  }

  /** Forgets every step, e.g. after the person chose to let the run go on. */
  reset(): void {
    this.recent = [];
    this.calls.clear();
    this.fired.clear();
  }

  private remember(key: string, call: string): void {
    this.recent.push(key);
    this.calls.set(key, call);
    const dropped = this.recent.length > this.size ? this.recent.shift() : undefined;
    // A key that left the window entirely starts afresh if it comes back.
    if (dropped !== undefined && !this.recent.includes(dropped)) {
      this.calls.delete(dropped);
      this.fired.delete(dropped);
    }
  }

  /**
   * The alternation the newest step extends: the longest tail of the window in which each step equals
   * the one two before it and differs from the one before. It counts for this step only when every
   * sighting of the key in the window lies inside that tail; otherwise plain repetition explains it better.
   */
  private alternation(key: string): { other: string; rounds: number } | null {
    const w = this.recent;
    const n = w.length;
    const other = w[n - 2];
    if (other === undefined || other === key) return null;
    let length = 2;
    while (length < n && w[n - 1 - length] === w[n - 1 - length + 2]) length++;
    if (length < MIN_ALTERNATION_STEPS) return null;
    if (w.slice(0, n - length).includes(key)) return null;
    return { other, rounds: Math.floor(length / 2) };
  }

  private levelOf(count: number): Level {
    if (count > this.recoverAt) return 3;
    if (count === this.recoverAt) return 2;
    if (count >= this.nudgeAt) return 1;
    return 0;
  }

  /** Escalation repeats on every further repetition; nudge and recover fire once. */
  private fires(level: Level, done: Level): boolean {
    return level === ESCALATE || level > done;
  }

  private firedFor(key: string): Level {
    return this.fired.get(key) ?? 0;
  }

  private callOf(key: string): string {
    return this.calls.get(key) ?? key;
  }
}

function quiet(key: string, count: number, pattern: LoopVerdict['pattern']): LoopVerdict {
  return { action: 'none', key, count, pattern, message: null };
}

function verdict(level: Level, key: string, count: number, pattern: 'repeat' | 'alternation', repetition: string): LoopVerdict {
  const action = ACTIONS[level];
  const message = action === 'none' ? null : renderTemplate(LOOP_MESSAGES[action], { repetition });
  return { action, key, count, pattern, message };
}
