import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../src/engine/prompt';
import { environmentText } from '../../../src/engine/prompts';
import { LazyVirtualSandbox } from '../../../src/sandbox/lazy-virtual';
import { PYTHON_VERSION } from '../../../src/sandbox/python/python-info';
import type { PythonRuntime } from '../../../src/sandbox/python/python-runtime';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/** Never started: these tests read what the sandbox says about itself, not what Python does. */
const idlePython = { preload() {}, run: () => Promise.reject(new Error('not started')), stop() {} } as unknown as PythonRuntime;

describe('the environment part of the system prompt says what the sandbox runs', () => {
  it('a virtual sandbox with Python names node and python3, their versions, the offline runners, and no network', () => {
    const text = environmentText(new VirtualSandbox({ python: idlePython }).info);
    expect(text).toContain('`node` (the Node 22 API on QuickJS; no child_process, network or addons) runs JavaScript and TypeScript');
    expect(text).toContain('`vitest` / `jest` are an offline runner');
    expect(text).toContain(`CPython ${PYTHON_VERSION} on Pyodide`);
    expect(text).toContain('pip cannot install');
    expect(text).toContain('an offline `pytest`');
    expect(text.endsWith('There is no network.')).toBe(true);
    expect(text).not.toMatch(/no (Node\.js|Python)/);
  });

  it('a virtual sandbox without Python says so', () => {
    const info = new VirtualSandbox().info;
    expect(info.runtimes).toEqual(['node']);
    expect(environmentText(info).endsWith('There is no Python and no network.')).toBe(true);
  });

  it('a sandbox that names no runtime (a log from before they existed) lacks both; an unknown name is left out', () => {
    expect(environmentText({ kind: 'virtual' }).endsWith('There is no Node.js, no Python and no network.')).toBe(true);
    expect(environmentText({ kind: 'virtual', runtimes: ['ruby'] })).toBe(environmentText({ kind: 'virtual' }));
  });

  it('the lazily loaded sandbox says the same before just-bash loads', () => {
    expect(new LazyVirtualSandbox({ python: idlePython }).info.runtimes).toEqual(['node', 'python3']);
  });

  it('WebContainer says Python is not there, and the system prompt carries the sentence', () => {
    expect(environmentText({ kind: 'webcontainer' })).toContain('Python');
    const prompt = buildSystemPrompt({ sandbox: new VirtualSandbox({ python: idlePython }).info, workdir: '/workspace', project: null });
    expect(prompt).toContain(`Environment: ${environmentText({ kind: 'virtual', runtimes: ['node', 'python3'] })} Workspace root: /workspace.`);
  });
});
