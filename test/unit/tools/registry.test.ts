import { describe, expect, it } from 'vitest';
import { readFileTool } from '../../../src/tools/read-file';
import { ALL_TOOLS, findTool, parseToolArguments, toolSpecs } from '../../../src/tools/registry';
import { runCommandTool } from '../../../src/tools/run-command';
import { runTestsTool } from '../../../src/tools/run-tests';

describe('registry', () => {
  it('lists every tool once, in a stable order', () => {
    expect(ALL_TOOLS.map((tool) => tool.name)).toEqual([
      'list_files',
      'outline',
      'read_file',
      'search_codebase',
      'create_file',
      'edit_file',
      'run_command',
      'run_tests',
      'ask_human',
    ]);
  });

  it('finds tools by name', () => {
    expect(findTool('read_file')).toBe(readFileTool);
    expect(findTool('nope')).toBeUndefined();
  });

  it('builds tool specs with JSON Schema, without $schema', () => {
    const specs = toolSpecs(ALL_TOOLS);
    expect(specs).toHaveLength(ALL_TOOLS.length);
    for (const spec of specs) {
      expect(spec.parameters).not.toHaveProperty('$schema');
      expect(spec.parameters.type).toBe('object');
      expect(spec.description.length).toBeGreaterThan(80);
      // Every field is described for the model and uses snake_case.
      for (const [name, property] of Object.entries((spec.parameters.properties ?? {}) as Record<string, { description?: string }>)) {
        expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(property.description, `${spec.name}.${name}`).toBeTruthy();
      }
    }
    const read = specs.find((spec) => spec.name === 'read_file');
    expect(read?.parameters.required).toEqual(['path']);
    expect(read?.parameters.additionalProperties).toBe(false);
    const run = specs.find((spec) => spec.name === 'run_command')?.parameters.properties as Record<string, { maximum?: number }>;
    expect(run.timeout_seconds?.maximum).toBe(300);
  });
});

describe('parseToolArguments', () => {
  it('parses valid arguments', () => {
    expect(parseToolArguments(readFileTool, '{"path":"a.txt","start_line":2}')).toEqual({
      ok: true,
      args: { path: 'a.txt', start_line: 2 },
    });
  });

  it('accepts an empty string for a tool without arguments', () => {
    expect(parseToolArguments(runTestsTool, '')).toEqual({ ok: true, args: {} });
  });

  it('says when the JSON is invalid and what to send', () => {
    const result = parseToolArguments(readFileTool, '{"path": "a.txt"');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^The arguments for read_file are not valid JSON/);
    expect(result.error).toContain('path (string, required), start_line (integer, optional), end_line (integer, optional)');
  });

  it('refuses JSON that is not an object', () => {
    const result = parseToolArguments(readFileTool, '["a.txt"]');
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.error).toMatch(/must be a JSON object, not an array/);
  });

  it('names each field that failed the schema', () => {
    const result = parseToolArguments(readFileTool, '{"file_path":"a.txt","start_line":0}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.error.split('\n');
    expect(lines[0]).toBe('Invalid arguments for read_file:');
    expect(lines).toContain('- path: required field is missing (expected string)');
    expect(lines.some((line) => line.startsWith('- start_line:') && line.includes('>=1'))).toBe(true);
    expect(lines.some((line) => line.startsWith('- (arguments):') && line.includes('file_path'))).toBe(true);
  });

  it('enforces limits such as the 300 s timeout', () => {
    const result = parseToolArguments(runCommandTool, '{"command":"sleep 1","timeout_seconds":600}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/- timeout_seconds: .*300/);
  });
});
