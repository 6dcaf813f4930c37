import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../src/engine/prompt';
import { environmentText } from '../../../src/engine/prompts';
import { LazyVirtualSandbox } from '../../../src/sandbox/lazy-virtual';
import { PYTHON_RUNTIME, PYTHON_VERSION } from '../../../src/sandbox/python/python-info';
import type { PythonRuntime } from '../../../src/sandbox/python/python-runtime';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/** Never started: these tests read what the sandbox says about itself, not what Python does. */
const idlePython = { preload() {}, run: () => Promise.reject(new Error('not started')), stop() {} } as unknown as PythonRuntime;

describe('the environment part of the system prompt says what the sandbox runs', () => {
  it('a virtual sandbox with Python names python3, its version, pytest and what is missing', () => {
    const text = environmentText(new VirtualSandbox({ python: idlePython }).info);
    expect(text).toContain(`CPython ${PYTHON_VERSION} on Pyodide`);
    expect(text).toContain('pip cannot install packages');
    expect(text).toContain("`pytest` runs Phasegate's offline pytest");
    expect(text.endsWith('There is no Node.js and no network.')).toBe(true);
    expect(text).not.toContain('no Python');
  });

  it('a virtual sandbox without Python says there is neither Node.js nor Python', () => {
    const info = new VirtualSandbox().info;
    expect(info.runtimes).toBeUndefined();
    expect(environmentText(info).endsWith('There is no Node.js, no Python and no network.')).toBe(true);
  });

  it('the lazily loaded sandbox says the same before just-bash loads', () => {
    expect(new LazyVirtualSandbox({ python: idlePython }).info.runtimes).toEqual([PYTHON_RUNTIME]);
  });

  it('every runtime the sandbox has is in the prompt, and only the network is missing when both are there', () => {
    const node = { command: 'node', description: '`node` runs JavaScript.' };
    const text = environmentText({ kind: 'virtual', runtimes: [node, PYTHON_RUNTIME] });
    expect(text).toContain('`node` runs JavaScript.');
    expect(text.endsWith('There is no network.')).toBe(true);
  });

  it('WebContainer says Python is not there, and the system prompt carries the sentence', () => {
    expect(environmentText({ kind: 'webcontainer' })).toContain('Python');
    const prompt = buildSystemPrompt({ sandbox: new VirtualSandbox({ python: idlePython }).info, workdir: '/workspace', project: null });
    expect(prompt).toContain(`Environment: ${environmentText({ kind: 'virtual', runtimes: [PYTHON_RUNTIME] })} Workspace root: /workspace.`);
  });
});
