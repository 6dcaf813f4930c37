import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/protocol/events';
import { agentStepEnds, endsAgentStep, nextStepPosition, previousStepPosition, stepsShown } from '../../../src/ui/replay/agent-steps';
import { nextPlayPosition } from '../../../src/ui/replay/use-replay';
import { recordedRun } from '../store/recorded-run';

/** Every position Step forward visits from the start, and Step back from the end. */
function walk(log: readonly EngineEvent[]): { forward: number[]; back: number[] } {
  const ends = agentStepEnds(log);
  const forward = [0];
  while ((forward.at(-1) ?? 0) < log.length) forward.push(nextStepPosition(ends, forward.at(-1) ?? 0, log.length));
  const back = [log.length];
  while ((back.at(-1) ?? 0) > 0) back.push(previousStepPosition(ends, back.at(-1) ?? 0));
  return { forward, back };
}

describe('agent steps in a replay', () => {
  it('a step is a model turn with its streamed pieces, or a tool result, on the demo’s real log', async () => {
    const log = (await recordedRun('demo', 'react')).events;
    const ends = agentStepEnds(log);
    const replies = log.filter((event) => event.type === 'assistant_message').length;
    const results = log.filter((event) => event.type === 'tool_result').length;
    expect(ends).toHaveLength(replies + results);
    // Fewer steps than events by far: the deltas, usage, file and command events sit inside steps.
    expect(ends.length * 5).toBeLessThan(log.length);
    for (const end of ends) expect(endsAgentStep(log[end - 1] as EngineEvent)).toBe(true);
    // The first step ends after the first reply, not at its first delta.
    expect(log[(ends[0] ?? 0) - 1]?.type).toBe('assistant_message');
    expect(log.slice(0, ends[0]).filter((event) => event.type === 'model_delta').length).toBeGreaterThan(1);
  });

  it('Step forward visits every step’s end then the log’s end, and Step back the same points in reverse', async () => {
    for (const [scenario, mode] of [
      ['demo', 'react'],
      ['demo', 'plan_exec'],
    ] as const) {
      const log = (await recordedRun(scenario, mode)).events;
      const ends = agentStepEnds(log);
      const { forward, back } = walk(log);
      const points = [0, ...ends, ...(ends.at(-1) === log.length ? [] : [log.length])];
      expect(forward, `${scenario} ${mode}`).toEqual(points);
      expect(back, `${scenario} ${mode}`).toEqual([...points].reverse());
    }
  });

  it('counts the steps shown at any position, also between two steps’ ends', async () => {
    const log = (await recordedRun('demo', 'react')).events;
    const ends = agentStepEnds(log);
    expect(stepsShown(ends, 0)).toBe(0);
    expect(stepsShown(ends, log.length)).toBe(ends.length);
    ends.forEach((end, index) => {
      expect(stepsShown(ends, end)).toBe(index + 1);
      expect(stepsShown(ends, end - 1)).toBe(index);
    });
    // From inside a step, back goes to the end of the step before it, forward to its own end.
    const second = ends[1] ?? 0;
    const inside = second - 1;
    expect(previousStepPosition(ends, inside)).toBe(ends[0]);
    expect(nextStepPosition(ends, inside, log.length)).toBe(second);
  });

  it('plays a step at a time at the workshop pace, event by event (streamed pieces skipped) at the others', async () => {
    const log = (await recordedRun('demo', 'react')).events;
    const ends = agentStepEnds(log);
    expect(nextPlayPosition(log, ends, 0, 'workshop')).toBe(ends[0]);
    expect(nextPlayPosition(log, ends, ends[0] ?? 0, 'workshop')).toBe(ends[1]);
    expect(nextPlayPosition(log, ends, 0, '1')).toBe(1);
  });

  it('a log with no step (a run that failed before any reply) steps from its start to its end', () => {
    const log: EngineEvent[] = [
      { v: 1, seq: 1, ts: 1, runId: 'r', type: 'iteration_started', iteration: 1 },
      { v: 1, seq: 2, ts: 2, runId: 'r', type: 'iteration_started', iteration: 2 },
    ];
    const ends = agentStepEnds(log);
    expect(ends).toEqual([]);
    expect(nextStepPosition(ends, 0, log.length)).toBe(2);
    expect(previousStepPosition(ends, 2)).toBe(0);
  });
});
