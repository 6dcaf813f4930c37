import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatMessage } from '../../../src/model/port';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { playTurn } from './play-turn';

/** The argument shapes the real tools accept (see the brief); strict so typos in the scenario fail here. */
const ARG_SCHEMAS = {
  list_files: z.strictObject({ path: z.string().optional(), depth: z.number().int().optional() }),
  read_file: z.strictObject({ path: z.string(), start_line: z.number().optional(), end_line: z.number().optional() }),
  create_file: z.strictObject({ path: z.string(), content: z.string() }),
  edit_file: z.strictObject({ path: z.string(), search: z.string().min(1), replace: z.string() }),
  run_tests: z.strictObject({}),
} as const;

/**
 * Plays the demo against a real virtual sandbox with a minimal stand-in for each
 * tool, at the bash level: what the scenario writes must really fail, then pass.
 */
describe('demo scenario over the starter project', () => {
  it('creates slugify, sees the tests fail, fixes it with a unique edit, sees them pass', async () => {
    const scenario = getScenario('demo');
    const model = new ScriptedModel(scenario);
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    const abs = (p: string) => `${sandbox.workdir}/${p.replace(/^\.\/?/, '')}`.replace(/\/$/, '');
    const testRuns: { exitCode: number; stdout: string }[] = [];
    const toolsUsed: string[] = [];
    let finalText = '';

    const messages: ChatMessage[] = [];
    for (let turn = 1; turn <= scenario.turns.length; turn++) {
      const reply = await playTurn(model, messages);
      expect(reply.text.length, `turn ${turn} explains itself`).toBeGreaterThan(0);
      if (reply.toolCalls.length === 0) {
        expect(turn, 'only the last turn is text-only').toBe(scenario.turns.length);
        finalText = reply.text;
      }
      for (const call of reply.toolCalls) {
        toolsUsed.push(call.name);
        expect(Object.keys(ARG_SCHEMAS)).toContain(call.name);
        const schema = ARG_SCHEMAS[call.name as keyof typeof ARG_SCHEMAS];
        const args: Record<string, unknown> = schema.parse(JSON.parse(call.arguments));
        const path = typeof args.path === 'string' ? abs(args.path) : sandbox.workdir;
        switch (call.name) {
          case 'list_files':
            expect((await sandbox.stat(path))?.type).toBe('dir');
            break;
          case 'read_file':
            expect((await sandbox.stat(path))?.type, `${path} exists`).toBe('file');
            break;
          case 'create_file':
            expect(await sandbox.exists(path), `${path} is new`).toBe(false);
            await sandbox.writeFile(path, String(args.content));
            break;
          case 'edit_file': {
            const before = await sandbox.readFile(path);
            const search = String(args.search);
            expect(before.split(search).length - 1, 'search occurs exactly once').toBe(1);
            await sandbox.writeFile(
              path,
              before.replace(search, () => String(args.replace)),
            );
            break;
          }
          case 'run_tests': {
            const result = await sandbox.exec('bash tests/run.sh');
            testRuns.push({ exitCode: result.exitCode, stdout: result.stdout });
            break;
          }
        }
      }
    }

    expect(toolsUsed.slice(0, 3)).toEqual(['list_files', 'read_file', 'read_file']);
    expect(toolsUsed).toContain('create_file');
    expect(toolsUsed).toContain('edit_file');
    expect(testRuns).toHaveLength(2);
    const [first, second] = testRuns;
    expect(first?.exitCode).toBe(1);
    expect(first?.stdout).toContain('FAIL');
    expect(first?.stdout).toContain('tests/slugify_test.sh');
    expect(first?.stdout).toMatch(/Test files: 1 passed, 1 failed/);
    expect(second?.exitCode).toBe(0);
    expect(second?.stdout).not.toContain('FAIL');
    expect(second?.stdout).toMatch(/Test files: 2 passed, 0 failed/);
    // At least three slugify assertions ran and passed.
    expect(second?.stdout.match(/ok {3}- /g)?.length ?? 0).toBeGreaterThanOrEqual(2 + 3);
    expect(finalText).toMatch(/slugify/);

    const slugify = await sandbox.exec(`source src/slugify.sh; slugify '  Ünïcode? No: just ASCII -- OK  '`);
    expect(slugify.stdout.trim()).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
