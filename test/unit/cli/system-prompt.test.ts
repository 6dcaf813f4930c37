import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../model/mock-openai-server';
import { answerReply, mockEndpointPerTest, runCli, workspacePerTest } from './run-cli';

/** The system message of a request to the endpoint. */
function systemPrompt(request: RecordedRequest | undefined): string {
  const messages = (request?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  const system = messages.find((message) => message.role === 'system');
  if (typeof system?.content !== 'string') throw new Error('the request has no system message');
  return system.content;
}

describe('agent run: the system prompt the endpoint receives', () => {
  const startServer = mockEndpointPerTest();
  const writeProject = workspacePerTest();

  async function firstPrompt(files: Record<string, string>): Promise<string> {
    const dir = await writeProject(files);
    const server = await startServer([], { fallback: answerReply('Done.') });
    const { code } = await runCli(['--task', 'Add a footer', '--workspace', dir, '--base-url', server.baseUrl, '--model', 'm', '--no-final-check', '--json']);
    expect(code).toBe(0);
    return systemPrompt(server.requests[0]);
  }

  it('carries the base rules: no more than asked, no hard-coded test values, small things decided, a created file read before importing it', async () => {
    const prompt = await firstPrompt({ 'README.md': '# app\n' });
    expect(prompt).toContain('Do what was asked and no more.');
    expect(prompt).toContain('never hard-code a value to make a test pass');
    expect(prompt).toContain('Decide small things (names, formatting, file layout) yourself');
    expect(prompt).toContain('ask the user with ask_human only about what changes the outcome');
    expect(prompt).toContain('at a file you created before importing from it');
  });

  it('names the stack from a package.json: its dependencies and its scripts', async () => {
    const prompt = await firstPrompt({
      'package.json': JSON.stringify({
        name: 'app',
        scripts: { build: 'vite build', test: 'vitest run' },
        dependencies: { react: '^19.0.0', zod: '^4.0.0' },
        devDependencies: { vitest: '^4.0.0' },
      }),
      'src/main.ts': 'export {};\n',
    });
    expect(prompt).toContain('Tech stack: npm (package.json: react, zod, vitest; scripts: build, test).');
  });

  it('names the stack from a pyproject.toml', async () => {
    const prompt = await firstPrompt({
      'pyproject.toml': '[project]\nname = "app"\ndependencies = [\n  "fastapi[all]>=0.110",\n  "pydantic>=2",\n]\n',
      'app.py': 'print("hi")\n',
    });
    expect(prompt).toContain('Tech stack: Python (pyproject.toml: fastapi, pydantic).');
  });

  it('names no stack for a workspace without a manifest', async () => {
    const prompt = await firstPrompt({ 'README.md': '# notes\n' });
    expect(prompt).not.toContain('Tech stack:');
  });
});
