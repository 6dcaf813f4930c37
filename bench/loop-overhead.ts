/**
 * The engine's own overhead per loop step with the scripted model: wall time of a
 * step minus the time spent inside tools. Target: median < 5 ms.
 */
import { Engine } from '../src/engine/engine';
import type { Scenario } from '../src/model/scenario';
import { ScriptedModel } from '../src/model/scripted';
import { STARTER_PROJECT } from '../src/sandbox/starter-project';
import { VirtualSandbox } from '../src/sandbox/virtual';

const STEPS = 300;
const TARGET_MS = 5;

const scenario: Scenario = {
  name: 'bench',
  title: 'Bench',
  description: 'one cheap tool call per step',
  defaultTask: 'bench',
  turns: [
    ...Array.from({ length: STEPS }, (_, i) => ({
      text: `Step ${i + 1}: reading the README again.`,
      toolCalls: [{ name: 'read_file', args: { path: 'README.md' } }],
    })),
    { text: 'done' },
  ],
};

const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
const stepStarts: number[] = [];
const toolMs: number[] = [];
engine.session.subscribe((event) => {
  if (event.type === 'iteration_started') {
    stepStarts.push(performance.now());
    toolMs.push(0);
  } else if (event.type === 'tool_result') {
    toolMs[toolMs.length - 1] = (toolMs.at(-1) ?? 0) + event.durationMs;
  }
});

const result = await engine.run({ task: 'bench', mode: 'react', model: new ScriptedModel(scenario), maxIterations: STEPS + 5 });
if (result.status !== 'completed') throw new Error(`bench run ended ${result.status}`);

// Skip the first 20 steps (JIT warm-up); the last step has no successor to measure against.
const overheads: number[] = [];
for (let i = 20; i < stepStarts.length - 1; i++) {
  overheads.push((stepStarts[i + 1] as number) - (stepStarts[i] as number) - (toolMs[i] as number));
}
overheads.sort((a, b) => a - b);
const pick = (q: number) => overheads[Math.min(overheads.length - 1, Math.floor(q * overheads.length))] as number;
const median = pick(0.5);
console.log(
  `engine overhead per loop step (scripted model, ${overheads.length} steps): median ${median.toFixed(3)} ms, p90 ${pick(0.9).toFixed(3)} ms   target < ${TARGET_MS} ms ${median < TARGET_MS ? 'OK' : 'MISSED'}`,
);
