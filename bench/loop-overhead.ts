/**
 * The engine's own overhead per loop step with the scripted model: wall time of a
 * step minus the time spent inside tools. Target: median < 5 ms.
 * Each step reads a different part of the starter project (file and line range vary), as an agent
 * that makes progress does: loop detection runs as configured by default, and never fires, so its
 * cost per step is part of the figure. (Reading one file 300 times is a loop, and the engine now
 * stops it.)
 */
import { Engine } from '../src/engine/engine';
import type { Scenario } from '../src/model/scenario';
import { ScriptedModel } from '../src/model/scripted';
import { STARTER_PROJECT } from '../src/sandbox/starter-project';
import { VirtualSandbox } from '../src/sandbox/virtual';
import { check, info, target } from './support/verdict.mjs';

const STEPS = 300;
const TARGET_MS = 5;
const FILES = Object.keys(STARTER_PROJECT).sort();

const scenario: Scenario = {
  name: 'bench',
  title: 'Bench',
  description: 'one cheap tool call per step, each a different read',
  defaultTask: 'bench',
  turns: [
    ...Array.from({ length: STEPS }, (_, i) => ({
      text: `Step ${i + 1}: reading the next part.`,
      // (file, end_line) differs at every step, so no two steps are the same call.
      toolCalls: [{ name: 'read_file', args: { path: FILES[i % FILES.length] as string, start_line: 1, end_line: 1 + Math.floor(i / FILES.length) } }],
    })),
    { text: 'done' },
  ],
};

const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
const stepStarts: number[] = [];
const toolMs: number[] = [];
let loopWarnings = 0;
engine.session.subscribe((event) => {
  if (event.type === 'iteration_started') {
    stepStarts.push(performance.now());
    toolMs.push(0);
  } else if (event.type === 'tool_result') {
    toolMs[toolMs.length - 1] = (toolMs.at(-1) ?? 0) + event.durationMs;
  } else if (event.type === 'loop_detected') {
    loopWarnings++;
  }
});

const result = await engine.run({ task: 'bench', mode: 'react', model: new ScriptedModel(scenario), maxIterations: STEPS + 5 });
check(`the ${STEPS}-step run completes`, result.status === 'completed', result.status);
check('loop detection stays quiet on varied reads', loopWarnings === 0, `${loopWarnings} warnings`);

// Skip the first 20 steps (JIT warm-up); the last step has no successor to measure against.
const overheads: number[] = [];
for (let i = 20; i < stepStarts.length - 1; i++) {
  overheads.push((stepStarts[i + 1] as number) - (stepStarts[i] as number) - (toolMs[i] as number));
}
overheads.sort((a, b) => a - b);
const pick = (q: number) => overheads[Math.min(overheads.length - 1, Math.floor(q * overheads.length))];
target(`engine overhead per loop step, median of ${overheads.length}`, pick(0.5), { below: TARGET_MS }, 'ms', 3);
info('engine overhead per loop step, p90', pick(0.9), 'ms', 3, 'garbage collection pauses land here; the target is on the median');
