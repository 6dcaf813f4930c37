import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, defaultPhaseTools, resolvePolicy, resolvePolicyText, toolAllowed } from '../../../src/engine/policy';
import { KNOWN_TOOL_NAMES, PLAN_EXEC_TOOLS } from '../../../src/tools/registry';

const resolve = (overrides: unknown) => resolvePolicy(overrides, KNOWN_TOOL_NAMES);

describe('phase policy', () => {
  it('defaults: planning reads, building writes, verification tests, delivery anything', () => {
    const result = resolve(undefined);
    if (!result.ok) throw new Error(result.error);
    const { phases, startPhase } = result.policy;
    expect(startPhase).toBe('planning');
    expect(phases.planning).toMatchObject({ shell: 'readonly', writes: false, autoAdvanceAfter: null });
    expect([...phases.planning.tools].sort()).toEqual(['advance_phase', 'ask_human', 'list_files', 'outline', 'read_file', 'run_command', 'search_codebase']);
    expect(toolAllowed(phases.building, 'create_file') && toolAllowed(phases.building, 'edit_file') && toolAllowed(phases.building, 'run_tests')).toBe(true);
    expect(phases.building.shell).toBe('not_destructive');
    expect(toolAllowed(phases.verification, 'run_tests')).toBe(true);
    expect(toolAllowed(phases.verification, 'edit_file') || toolAllowed(phases.verification, 'create_file')).toBe(false);
    expect(phases.verification).toMatchObject({ shell: 'readonly_or_tests', writes: false });
    expect(phases.delivery.tools).toEqual(['*']);
    expect(toolAllowed(phases.delivery, 'anything')).toBe(true);
    // every default tool name is a real tool
    for (const phase of Object.values(DEFAULT_POLICY.phases))
      for (const tool of phase.tools) expect(tool === '*' || KNOWN_TOOL_NAMES.includes(tool)).toBe(true);
  });

  it("takes the default tools from the tools' kinds, in the order the phase prompts name them", () => {
    expect(Object.fromEntries(Object.entries(DEFAULT_POLICY.phases).map(([phase, rules]) => [phase, rules.tools]))).toEqual({
      planning: ['read_file', 'list_files', 'search_codebase', 'outline', 'ask_human', 'run_command', 'advance_phase'],
      building: ['read_file', 'list_files', 'search_codebase', 'outline', 'ask_human', 'create_file', 'edit_file', 'run_command', 'run_tests', 'advance_phase'],
      verification: ['read_file', 'list_files', 'search_codebase', 'outline', 'ask_human', 'run_tests', 'run_command', 'advance_phase'],
      delivery: ['*'],
    });
  });

  it('lets a new read or think tool into every phase, and a new edit tool into building only, without editing a list', () => {
    const tools = [
      ...PLAN_EXEC_TOOLS,
      { name: 'grep_docs', kind: 'read' as const },
      { name: 'note', kind: 'think' as const },
      { name: 'patch', kind: 'edit' as const },
    ];
    const phases = defaultPhaseTools(tools);
    expect(phases.planning).toEqual([
      'read_file',
      'list_files',
      'search_codebase',
      'outline',
      'grep_docs',
      'note',
      'ask_human',
      'run_command',
      'advance_phase',
    ]);
    expect(phases.verification.slice(0, 6)).toEqual(['read_file', 'list_files', 'search_codebase', 'outline', 'grep_docs', 'note']);
    expect(phases.building).toContain('patch');
    expect([...phases.planning, ...phases.verification]).not.toContain('patch');
  });

  it('merges overrides onto the defaults, phase by phase and field by field', () => {
    const result = resolve({ startPhase: 'building', phases: { planning: { autoAdvanceAfter: 3 }, verification: { tools: ['*'] } } });
    if (!result.ok) throw new Error(result.error);
    expect(result.policy.startPhase).toBe('building');
    expect(result.policy.phases.planning).toEqual({ ...DEFAULT_POLICY.phases.planning, autoAdvanceAfter: 3 });
    expect(result.policy.phases.verification.tools).toEqual(['*']);
    expect(result.policy.phases.verification.shell).toBe('readonly_or_tests');
    expect(DEFAULT_POLICY.phases.planning.autoAdvanceAfter).toBeNull();
  });

  it.each([
    [{ phases: { planning: { tools: [] } } }, 'phases.planning.tools: empty whitelist'],
    [{ phases: { testing: { tools: ['*'] } } }, 'phases.testing: unknown phase "testing"'],
    [{ phases: { building: { tools: ['read_file', 'rm_rf'] } } }, 'phases.building.tools: unknown tool "rm_rf"'],
    [{ startPhase: 'shipping' }, 'startPhase'],
    [{ phases: { planning: { shell: 'sometimes' } } }, 'phases.planning.shell'],
    [{ phases: { planning: { autoAdvanceAfter: 0 } } }, 'phases.planning.autoAdvanceAfter'],
    [{ phasez: {} }, 'unknown key "phasez"'],
    [{ destructiveEffect: { maxFraction: 0 } }, 'destructiveEffect.maxFraction'],
    [{ destructiveEffect: { maxFraction: 1.5 } }, 'destructiveEffect.maxFraction'],
    [{ destructiveEffect: { maxFiles: -1 } }, 'destructiveEffect.maxFiles'],
    [{ destructiveEffect: { maxFiles: 2.5 } }, 'destructiveEffect.maxFiles'],
    [{ destructiveEffect: { maxFile: 3 } }, 'unknown key "maxFile"'],
    [{ phases: { planning: { tool: ['read_file'] } } }, 'unknown key "tool"'],
    ['not an object', 'policy'],
  ])('rejects %j naming the bad value', (overrides, expected) => {
    const result = resolve(overrides);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(expected);
  });

  it("limits building's destructive effect to half of the files or 20, whichever is fewer, unless the policy says otherwise", () => {
    expect(DEFAULT_POLICY.destructiveEffect).toEqual({ maxFraction: 0.5, maxFiles: 20 });
    const result = resolvePolicyText('{"destructiveEffect":{"maxFiles":5}}', KNOWN_TOOL_NAMES);
    if (!result.ok) throw new Error(result.error);
    expect(result.policy.destructiveEffect).toEqual({ maxFraction: 0.5, maxFiles: 5 });
  });

  it('reads JSON text from Settings: empty means defaults, bad JSON is a clear error', () => {
    expect(resolvePolicyText('  ', KNOWN_TOOL_NAMES)).toEqual(resolve({}));
    const bad = resolvePolicyText('{"phases": ', KNOWN_TOOL_NAMES);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^policy is not valid JSON/);
    expect(resolvePolicyText('{"phases":{"planning":{"autoAdvanceAfter":5}}}', KNOWN_TOOL_NAMES).ok).toBe(true);
  });
});
