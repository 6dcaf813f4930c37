import type { Model, ToolSpec } from '../model/port';
import type { RunScope, Tool } from '../tools/tool';
import type { Gate } from './gate';

/**
 * Everything one run needs, built once by the engine and handed down as it is: the loop
 * talks to the model with it, the executor runs each tool call with it, and each tool gets
 * `scope` plus its call id. A new per-run concern is one field here, or in RunScope when
 * the tools need it.
 */
export interface RunContext {
  readonly model: Model;
  /** The tools of this run, in the order the model sees them, and their specs. */
  readonly tools: readonly Tool[];
  readonly toolSpecs: ToolSpec[];
  readonly gate: Gate;
  readonly systemPrompt: string;
  readonly taskMessage: string;
  readonly maxIterations: number;
  /** What the tools share; its emit and signal are the run's. */
  readonly scope: RunScope;
}
