import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/model/port';
import { scenarioMode } from '../../../src/model/scenario';
import { getScenario, listScenarios, SCENARIOS } from '../../../src/model/scenarios';
import { STUCK_CALL, STUCK_READS } from '../../../src/model/scenarios/stuck';
import { ScriptedModel } from '../../../src/model/scripted';
import { playTurn } from './play-turn';

const names = [
  'demo',
  'plan_exec-demo',
  'python-demo',
  'node-demo',
  'recovery',
  'endless',
  'silent',
  'nudged',
  'slow-command',
  'busy-node',
  'code-intel',
  'stuck',
  'clarify',
  'markdown',
  'untested',
  'no-tests',
  'orchestrator-demo',
  'approvals',
];

describe('scenario registry', () => {
  it('holds every scenario once, demo first', () => {
    expect(SCENARIOS.map((s) => s.name)).toEqual(names);
  });

  it('finds scenarios by name', () => {
    for (const name of names) expect(getScenario(name).name).toBe(name);
  });

  it('names the known scenarios when asked for an unknown one', () => {
    expect(() => getScenario('nope')).toThrow(
      /unknown scripted scenario 'nope'.*demo, plan_exec-demo, python-demo, node-demo, recovery, endless, silent, nudged, slow-command, busy-node, code-intel, stuck/,
    );
  });

  it('lists name, title and description only', () => {
    const list = listScenarios();
    expect(list.map((s) => s.name)).toEqual(names);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['description', 'name', 'title']);
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
    }
  });

  it('gives every scenario a default task and at least one turn', () => {
    for (const s of SCENARIOS) {
      expect(s.defaultTask.length, s.name).toBeGreaterThan(0);
      expect(s.turns.length, s.name).toBeGreaterThan(0);
    }
  });
});

/** Plays a scenario to the end and returns every reply. */
async function play(name: string) {
  const scenario = getScenario(name);
  const model = new ScriptedModel(scenario);
  const replies = [];
  const messages: ChatMessage[] = [];
  for (let i = 0; i < scenario.turns.length; i++) replies.push(await playTurn(model, messages));
  return replies;
}

describe('scenario contents', () => {
  it('recovery: unknown tool, broken JSON, schema failure, valid call, text finish', async () => {
    const replies = await play('recovery');
    const calls = replies.map((r) => r.toolCalls);
    expect(calls[0]?.[0]?.name).toBe('browse_web');
    expect(() => JSON.parse(calls[1]?.[0]?.arguments ?? '')).toThrow(SyntaxError);
    expect(calls[2]?.[0]?.name).toBe('read_file');
    expect(JSON.parse(calls[2]?.[0]?.arguments ?? '{}')).not.toHaveProperty('path');
    expect(calls[3]?.[0]).toMatchObject({ name: 'list_files' });
    expect(JSON.parse(calls[3]?.[0]?.arguments ?? '')).toEqual({ path: '.' });
    const last = replies.at(-1);
    expect(last?.toolCalls).toEqual([]);
    expect(last?.text.length).toBeGreaterThan(0);
  });

  it('endless: outlasts the largest iteration limit (200) with tool calls every turn', async () => {
    const replies = await play('endless');
    expect(replies.length).toBeGreaterThan(200);
    expect(replies.every((r) => r.toolCalls.length === 1 && r.toolCalls[0]?.name === 'list_files')).toBe(true);
  });

  it('silent: only empty replies', async () => {
    const replies = await play('silent');
    expect(replies.length).toBeGreaterThan(200);
    expect(replies.every((r) => r.text === '' && r.toolCalls.length === 0)).toBe(true);
  });

  it('nudged: one empty reply, then a text-only finish', async () => {
    const replies = await play('nudged');
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatchObject({ text: '', toolCalls: [] });
    expect(replies[1]?.toolCalls).toEqual([]);
    expect(replies[1]?.text.length).toBeGreaterThan(0);
  });

  it('stuck: the same read_file call with the same arguments on every turn, then a text-only finish', async () => {
    const replies = await play('stuck');
    const reads = replies.slice(0, -1);
    expect(reads).toHaveLength(STUCK_READS);
    for (const reply of reads) {
      expect(reply.toolCalls).toHaveLength(1);
      expect(reply.toolCalls[0]).toMatchObject({ name: 'read_file', arguments: JSON.stringify(STUCK_CALL.args) });
    }
    expect(replies.at(-1)?.toolCalls).toEqual([]);
    expect(replies.at(-1)?.text.length).toBeGreaterThan(0);
  });

  it('slow-command: sleeps 30 s through run_command, then finishes', async () => {
    const replies = await play('slow-command');
    expect(replies[0]?.toolCalls[0]?.name).toBe('run_command');
    expect(JSON.parse(replies[0]?.toolCalls[0]?.arguments ?? '')).toEqual({ command: 'sleep 30' });
    expect(replies.at(-1)?.toolCalls).toEqual([]);
  });
});

describe('scenarioMode', () => {
  it('says the mode each scenario was written for: orchestrator for role turns, plan_exec by name, else react', () => {
    const modes = Object.fromEntries(SCENARIOS.map((scenario) => [scenario.name, scenarioMode(scenario)]));
    expect(modes).toMatchObject({ demo: 'react', 'plan_exec-demo': 'plan_exec', 'orchestrator-demo': 'orchestrator' });
    for (const scenario of SCENARIOS) expect(scenarioMode(scenario) === 'orchestrator', scenario.name).toBe(scenario.roles !== undefined);
  });
});
