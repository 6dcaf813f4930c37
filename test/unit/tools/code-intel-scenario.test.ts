import { describe, expect, it } from 'vitest';
import { syntaxErrors } from '../../../src/code';
import { Engine } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { GEOMETRY_PATH, GEOMETRY_SOURCE } from '../../../src/model/scenarios/code-intel';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

import './grammars';

async function play(refuseSyntaxErrors: boolean) {
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox });
  const scenario = getScenario('code-intel');
  const { status } = await engine.run({ task: scenario.defaultTask, mode: 'react', model: new ScriptedModel(scenario), maxIterations: 30, refuseSyntaxErrors });
  const events = engine.session.events;
  const results = events.filter((e): e is Extract<EngineEvent, { type: 'tool_result' }> => e.type === 'tool_result');
  return { status, events, results, final: await sandbox.readFile(`/workspace/${GEOMETRY_PATH}`) };
}

describe('the code-intel scenario on the real tools', () => {
  it('outlines the new file, reads a method by symbol, sees its broken edit reported, and ends with a file that parses', async () => {
    const { status, events, results, final } = await play(false);
    expect(status).toBe('completed');
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['create_file', true],
      ['outline', true],
      ['read_file', true],
      ['edit_file', true],
      ['edit_file', true],
      ['read_file', true],
    ]);
    const outline = events.find((e) => e.type === 'file_outline');
    expect(outline?.type === 'file_outline' && outline.symbols.map((s) => `${s.depth}:${s.kind}:${s.qualifiedName}`)).toEqual([
      '0:class:Rectangle',
      '1:constructor:Rectangle.constructor',
      '1:method:Rectangle.area',
      '1:method:Rectangle.perimeter',
      '1:method:Rectangle.scale',
      '0:function:totalArea',
    ]);
    const reads = events.filter((e) => e.type === 'file_read');
    expect(reads.map((e) => e.type === 'file_read' && [e.symbol, e.startLine, e.endLine])).toEqual([
      ['Rectangle.perimeter', 12, 14],
      ['Rectangle.perimeter', 12, 14],
    ]);
    expect(results[3]?.output).toMatch(/Syntax check: 1 new error — line 13, column \d+: missing `\)`/);
    expect(results[4]?.output).not.toContain('Syntax check');
    expect(final).toBe(GEOMETRY_SOURCE);
    expect(await syntaxErrors(final, 'typescript')).toEqual([]);
  });

  it('with refusing on, the breaking edit never lands', async () => {
    const { results, final } = await play(true);
    expect(results[3]).toMatchObject({ name: 'edit_file', ok: false, errorKind: 'syntax_error', output: expect.stringMatching(/^Refused: /) });
    // Whatever the scripted "fix" then does, the file was never broken.
    expect(final).toBe(GEOMETRY_SOURCE);
  });
});
