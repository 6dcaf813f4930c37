import { describe, expect, it } from 'vitest';
import type { MockReply, RecordedRequest } from '../model/mock-openai-server';
import { callReply, mockEndpointPerTest, runCli } from './run-cli';

interface WireMessage {
  role: string;
  content?: string | null;
}

const offered = (request: RecordedRequest): string[] =>
  ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((tool) => tool.function.name);
const messagesOf = (request: RecordedRequest): WireMessage[] => (request.body as { messages: WireMessage[] }).messages;
const callIdsOf = (request: RecordedRequest): string[] =>
  (request.body as { messages: { tool_calls?: { id: string }[] }[] }).messages.flatMap((message) => (message.tool_calls ?? []).map((call) => call.id));
const says = (request: RecordedRequest, text: string) => messagesOf(request).some((message) => (message.content ?? '').includes(text));

const FAREWELL = 'farewell() {\n  echo "Goodbye, $1!"\n}\n';
const FAREWELL_TEST = 'source src/farewell.sh\nassert_eq "$(farewell Ada)" "Goodbye, Ada!" "says goodbye by name"\n';
const DEFAULT_TEST = 'source src/farewell.sh\nassert_eq "$(farewell)" "Goodbye, world!" "says goodbye to the world without a name"\n';

/**
 * A model that acts on the tools it is offered and on where its own conversation stands: it plans
 * when offered submit_plan, codes when offered submit_work (round 2: the reviewer's finding), and
 * reviews when offered submit_review, sending round 1's work back once.
 */
function actingModel(): (request: RecordedRequest) => MockReply {
  let ids = 0;
  const call = (name: string, args: unknown) => callReply(`call_${++ids}`, name, args);
  return (request) => {
    const tools = offered(request);
    const steps = messagesOf(request).filter((message) => message.role === 'tool').length;
    if (tools.includes('submit_plan')) {
      if (steps === 0) return call('read_file', { path: 'README.md' });
      return call('submit_plan', {
        goal: 'Add farewell NAME to sample-utils, with tests.',
        steps: [
          { id: '1', title: 'Add src/farewell.sh', files: ['src/farewell.sh'] },
          { id: '2', title: 'Test it', files: ['tests/farewell_test.sh'] },
        ],
        acceptance: ['farewell Ada prints "Goodbye, Ada!"', 'farewell without a name prints "Goodbye, world!"', 'npm test passes'],
      });
    }
    if (tools.includes('submit_work')) {
      const work = (summary: string) => call('submit_work', { summary, filesChanged: ['src/farewell.sh'], testsRun: 'npm test: passes' });
      if (says(request, 'asks for these changes')) {
        const fix = [
          () => call('read_file', { path: 'src/farewell.sh' }),
          () => call('edit_file', { path: 'src/farewell.sh', search: 'Goodbye, $1!', replace: 'Goodbye, ${1:-world}!' }),
          () => call('create_file', { path: 'tests/farewell_default_test.sh', content: DEFAULT_TEST }),
          () => call('run_tests', {}),
        ];
        return fix[steps]?.() ?? work('farewell now says goodbye to the world without a name; tested.');
      }
      const build = [
        () => call('create_file', { path: 'src/farewell.sh', content: FAREWELL }),
        () => call('create_file', { path: 'tests/farewell_test.sh', content: FAREWELL_TEST }),
        () => call('run_tests', {}),
      ];
      return build[steps]?.() ?? work('Added farewell with a test.');
    }
    if (tools.includes('submit_review')) {
      if (steps === 0) return call('run_tests', {});
      if (says(request, "The coder's summary (round 1)")) {
        return call('submit_review', {
          verdict: 'changes_requested',
          findings: [{ file: 'src/farewell.sh', line: 2, problem: 'Without a name it prints "Goodbye, !".', suggestion: 'Default the name to world.' }],
        });
      }
      return call('submit_review', { verdict: 'approve', findings: [] });
    }
    throw new Error(`no role offered a submit tool: ${tools.join(', ')}`);
  };
}

const argv = (baseUrl: string, ...more: string[]) => ['--task', 'Add a farewell', '--mode', 'orchestrator', '--base-url', baseUrl, '--model', 'm', ...more];

describe('agent run --mode orchestrator against an endpoint', () => {
  const startServer = mockEndpointPerTest();

  it('plans, codes, is sent back once by the review, fixes, is approved, and ends completed and verified', async () => {
    const server = await startServer([], { fallback: actingModel() });
    const { code, events } = await runCli(argv(server.baseUrl, '--json'));
    const roles = events.flatMap((event) => (event.type === 'role_started' ? [`${event.role}:${event.round}`] : []));
    expect(roles).toEqual(['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2']);
    const verdicts = events.flatMap((event) => (event.type === 'role_finished' && event.handoff.kind === 'review' ? [event.handoff.review.verdict] : []));
    expect(verdicts).toEqual(['changes_requested', 'approve']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(code).toBe(0);
    // The planner's and the reviewer's requests offer no write tool; the coder's do.
    for (const request of server.requests) {
      const tools = offered(request);
      const writes = tools.includes('create_file') || tools.includes('edit_file');
      expect(writes).toBe(tools.includes('submit_work'));
    }
    // Round 2's coder never sees round 1's coder: none of its calls, and only its own changes among the files changed.
    const isCoder = (request: RecordedRequest) => offered(request).includes('submit_work');
    const round2 = server.requests.filter((request) => isCoder(request) && says(request, 'asks for these changes'));
    const round1Calls = new Set(server.requests.filter((request) => isCoder(request) && !round2.includes(request)).flatMap(callIdsOf));
    expect(round2.length).toBeGreaterThan(0);
    expect(round1Calls.size).toBeGreaterThan(0);
    for (const request of round2) {
      expect(callIdsOf(request).filter((id) => round1Calls.has(id))).toEqual([]);
      expect(says(request, 'created tests/farewell_test.sh')).toBe(false);
    }
  });

  it('prints each role and handoff in text mode', async () => {
    const server = await startServer([], { fallback: actingModel() });
    const { code, lines } = await runCli(argv(server.baseUrl, '--max-review-rounds', '2'));
    const text = lines.join('\n');
    expect(lines.filter((line) => line.startsWith('◆ '))).toEqual([
      '◆ planner',
      '◆ coder (round 1)',
      '◆ reviewer (round 1)',
      '◆ coder (round 2)',
      '◆ reviewer (round 2)',
    ]);
    expect(text).toContain('  ⇢ plan: Add farewell NAME to sample-utils, with tests.');
    expect(text).toContain('  ⇢ review: changes requested\n    - src/farewell.sh:2: Without a name it prints "Goodbye, !". → Default the name to world.');
    expect(text).toContain('  ⇢ review: approved');
    expect(lines.at(-1)).toMatch(/^■ completed after \d+ iterations — tests pass$/);
    expect(code).toBe(0);
  });

  it('sends the reviewer’s requests to its --role-model and every other request to the main model', async () => {
    const server = await startServer([], { fallback: actingModel() });
    const { code, events } = await runCli(argv(server.baseUrl, '--role-model', 'reviewer=other-model', '--json'));
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(code).toBe(0);
    const modelOf = (request: RecordedRequest) => (request.body as { model: unknown }).model;
    const reviews = server.requests.filter((request) => offered(request).includes('submit_review'));
    const others = server.requests.filter((request) => !offered(request).includes('submit_review'));
    expect(reviews.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(reviews.map(modelOf))).toEqual(new Set(['other-model']));
    expect(new Set(others.map(modelOf))).toEqual(new Set(['m']));
    const started = events.flatMap((event) => (event.type === 'role_started' ? [[event.role, event.model ?? null]] : []));
    expect(started.filter(([role]) => role === 'reviewer').map(([, model]) => model)).toEqual([
      expect.stringMatching(/^other-model @ /),
      expect.stringMatching(/^other-model @ /),
    ]);
    expect(started.filter(([role]) => role !== 'reviewer').every(([, model]) => model === null)).toBe(true);
  });

  it('refuses --max-review-rounds outside orchestrator mode and out of bounds', async () => {
    await expect(runCli(['--task', 'x', '--model', 'scripted:demo', '--max-review-rounds', '1'])).rejects.toThrow(
      '--max-review-rounds goes with --mode orchestrator',
    );
    await expect(runCli(['--task', 'x', '--model', 'scripted:demo', '--mode', 'orchestrator', '--max-review-rounds', '6'])).rejects.toThrow(
      '--max-review-rounds must be a whole number from 0 to 5',
    );
  });
});
