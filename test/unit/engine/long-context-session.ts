import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';

export const LONG_SESSION_TASK = 'Survey the numbers in this project and report.';

/**
 * A plan_exec session of `steps` steps (tool calls), each a command printing 20–40 KB, the phases advanced at
 * the quarters, then a final answer. `chatter` lengthens every reply (so masking alone is not enough).
 */
export function longContextSession(steps: number, chatter = ''): Scenario {
  const command = (i: number): ScriptedTurn => ({
    text: `Step ${i}. ${chatter}`,
    toolCalls: [{ name: 'run_command', args: { command: `seq ${i} ${i + 4000 + (i % 5) * 1000}` } }],
  });
  const turns: ScriptedTurn[] = [];
  const phaseAt = new Set([Math.floor(steps / 4), Math.floor(steps / 2), Math.floor((3 * steps) / 4)]);
  for (let i = 1; i <= steps; i++) {
    if (phaseAt.has(i)) turns.push({ text: 'This phase is done.', toolCalls: [{ name: 'advance_phase', args: { reason: 'done' } }] });
    else turns.push(command(i));
  }
  turns.push({ text: 'Every range printed its numbers; nothing else to do.' });
  return { name: 'long', title: 'long', description: 'long', defaultTask: LONG_SESSION_TASK, turns };
}
