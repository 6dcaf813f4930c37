import { describe, expect, it } from 'vitest';
import { languageForPath, languageNameForPath } from '../../../src/ui/editor/language';
import { isStructuredRefusal } from '../../../src/ui/timeline/format';
import { toolArgParts } from '../../../src/ui/timeline/tool-args';

describe('tool arguments in the Timeline', () => {
  it("create_file: the path as a field, the content as a code block in the file's language, not escaped JSON", () => {
    const content = 'export const slug = (s: string) =>\n  s.toLowerCase();\n';
    expect(toolArgParts('create_file', { path: 'src/slug.ts', content }, '')).toEqual([
      { kind: 'field', name: 'path', value: 'src/slug.ts' },
      { kind: 'code', label: 'content', language: 'typescript', languageName: 'TypeScript', text: content },
    ]);
  });

  it('edit_file: search and replace as two blocks; several edits numbered', () => {
    expect(toolArgParts('edit_file', { path: 'app.py', search: 'a = 1', replace: 'a = 2' }, '')).toEqual([
      { kind: 'field', name: 'path', value: 'app.py' },
      { kind: 'code', label: 'search', language: 'python', languageName: 'Python', text: 'a = 1' },
      { kind: 'code', label: 'replace', language: 'python', languageName: 'Python', text: 'a = 2' },
    ]);
    const parts = toolArgParts(
      'edit_file',
      {
        path: 'package.json',
        edits: [
          { search: '"a"', replace: '"b"' },
          { search: '"c"', replace: '' },
        ],
      },
      '',
    );
    expect(parts.map((part) => (part.kind === 'code' ? `${part.label} (${part.languageName})` : part.kind))).toEqual([
      'field',
      'edit 1 of 2: search (JSON)',
      'edit 1 of 2: replace (JSON)',
      'edit 2 of 2: search (JSON)',
      'edit 2 of 2: replace (JSON)',
    ]);
  });

  it('other tools: short values inline, a multi-line command as shell, nested values as JSON', () => {
    expect(toolArgParts('read_file', { path: 'a.sh', start_line: 3 }, '')).toEqual([
      { kind: 'field', name: 'path', value: 'a.sh' },
      { kind: 'field', name: 'start_line', value: '3' },
    ]);
    expect(toolArgParts('run_command', { command: 'npm ci\nnpm test' }, '')).toEqual([
      { kind: 'code', label: 'command', language: 'shell', languageName: 'Shell', text: 'npm ci\nnpm test' },
    ]);
    const long = { questions: Array.from({ length: 12 }, (_, i) => `option number ${i}`) };
    expect(toolArgParts('ask_human', long, '')).toEqual([
      { kind: 'code', label: 'questions', language: 'json', languageName: 'JSON', text: JSON.stringify(long.questions, null, 2) },
    ]);
  });

  it('arguments that are not an object, or a create_file missing its content, keep the plain form', () => {
    expect(toolArgParts('create_file', null, '{"path": ')).toEqual([{ kind: 'text', text: '{"path": ' }]);
    expect(toolArgParts('list_files', {}, '{}')).toEqual([{ kind: 'text', text: '(no arguments)' }]);
    expect(toolArgParts('create_file', { path: 'x.ts' }, '')).toEqual([{ kind: 'field', name: 'path', value: 'x.ts' }]);
  });

  it("labels a file's language from the editor's mapping (JSON by name, unknown as text)", () => {
    expect(['a.tsx', 'b.mjs', 'c.rs', 'Dockerfile', 'd.json', 'e.unknown', 'README'].map(languageNameForPath)).toEqual([
      'TypeScript',
      'JavaScript',
      'Rust',
      'Dockerfile',
      'JSON',
      'text',
      'text',
    ]);
    expect(languageForPath('src/x.go')).toBe('go');
  });

  it('knows the refusal the model read from other failed output', () => {
    expect(isStructuredRefusal(JSON.stringify({ error: 'phase_violation', tool: 'create_file' }, null, 2))).toBe(true);
    expect(isStructuredRefusal('Refused: no such file')).toBe(false);
    expect(isStructuredRefusal('{"error":"other"}')).toBe(false);
  });
});
