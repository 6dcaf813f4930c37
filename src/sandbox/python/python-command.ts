import { type ByteString, type Command, type CommandContext, defineCommand, type ExecResult } from 'just-bash';
import { messageOf } from '../../protocol/error-message';
import { resolvePath } from '../paths';
import { parsePythonArgs, PYTHON_USAGE } from './python-args';
import { PYTHON_VERSION } from './python-info';
import type { PythonRunRequest } from './python-protocol';
import type { PythonRuntime } from './python-runtime';
import { WorkspaceMirror } from './workspace-mirror';

export const PIP_MESSAGE = `pip: packages cannot be installed here: the virtual sandbox is offline and has no package index.
Python ${PYTHON_VERSION} (Pyodide) has the standard library only: unittest, doctest, json, re, dataclasses,
itertools, collections, pathlib, typing, datetime, math, decimal, fractions, statistics, csv, sqlite3 and the rest.
Write the code with these, or vendor a pure-Python package into the workspace.
`;

type Ctx = Pick<CommandContext, 'fs' | 'cwd' | 'env' | 'exportedEnv' | 'stdin' | 'signal'>;

const decoder = new TextDecoder();

function fail(message: string, exitCode: number): ExecResult {
  return { stdout: '', stderr: message.endsWith('\n') ? message : `${message}\n`, exitCode };
}

/**
 * stdin's bytes. just-bash keeps them as a latin1 string (one character per byte); its browser
 * bundle does not export `latin1FromBytes`, so this reads that string itself.
 */
function stdinBytes(stdin: ByteString): Uint8Array {
  const text: unknown = stdin;
  if (text instanceof Uint8Array) return text;
  if (typeof text !== 'string') return new Uint8Array();
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * `python3`, `python`, `pytest`, `pip` and `pip3` for the virtual sandbox. A run sends the workspace
 * (what changed since the last run) to the Python thread with the command line, stdin, cwd
 * and environment, and writes back what Python changed there. Stop and the time limit abort
 * the shell's signal, which interrupts Python (see ThreadedPythonRuntime).
 */
export function pythonCommands(runtime: PythonRuntime, workspaceRoot: string): Command[] {
  const mirror = new WorkspaceMirror(workspaceRoot);

  const python = async (argv: string[], ctx: Ctx): Promise<ExecResult> => {
    const parsed = parsePythonArgs(argv);
    switch (parsed.kind) {
      case 'version':
        return { stdout: `Python ${PYTHON_VERSION}\n`, stderr: '', exitCode: 0 };
      case 'help':
        return { stdout: PYTHON_USAGE, stderr: '', exitCode: 0 };
      case 'usage-error':
        return fail(`${parsed.message}\n${PYTHON_USAGE}`, 2);
      case 'pip':
        return fail(PIP_MESSAGE, 1);
      case 'run':
        return runPython(runtime, mirror, ctx, parsed);
    }
  };

  return [
    defineCommand('python3', python),
    defineCommand('python', python),
    // Phasegate's offline pytest (offline-pytest.ts), as `python3 -m pytest` runs it.
    defineCommand('pytest', (argv, ctx) => python(['-m', 'pytest', ...argv], ctx)),
    defineCommand('py.test', (argv, ctx) => python(['-m', 'pytest', ...argv], ctx)),
    defineCommand('pip', async () => fail(PIP_MESSAGE, 1)),
    defineCommand('pip3', async () => fail(PIP_MESSAGE, 1)),
  ];
}

async function runPython(
  runtime: PythonRuntime,
  mirror: WorkspaceMirror,
  ctx: Ctx,
  parsed: { mode: PythonRunRequest['mode']; target: string; args: string[] },
): Promise<ExecResult> {
  if (parsed.mode === 'file') {
    const path = resolvePath(ctx.cwd, parsed.target);
    if (!(await ctx.fs.exists(path))) return fail(`python3: can't open file '${path}': [Errno 2] No such file or directory`, 2);
  }
  const env = ctx.exportedEnv ?? Object.fromEntries(ctx.env);
  const base = {
    mode: parsed.mode,
    target: parsed.target,
    args: parsed.args,
    cwd: ctx.cwd,
    env,
    stdin: stdinBytes(ctx.stdin),
    root: mirror.root,
  };
  for (let attempt = 0; ; attempt++) {
    const snapshot = await mirror.snapshot(ctx.fs);
    const request: PythonRunRequest = { ...base, ...snapshot };
    const outcome = await runtime.run(request, ctx.signal);
    switch (outcome.kind) {
      case 'done': {
        const { reply } = outcome;
        try {
          await mirror.apply(ctx.fs, snapshot, reply);
        } catch (error) {
          return {
            stdout: decoder.decode(reply.stdout),
            stderr: `${decoder.decode(reply.stderr)}python3: could not write back a file: ${messageOf(error)}\n`,
            exitCode: 1,
          };
        }
        return { stdout: decoder.decode(reply.stdout), stderr: decoder.decode(reply.stderr), exitCode: reply.exitCode };
      }
      case 'out-of-step':
        mirror.reset();
        if (attempt === 0) continue;
        return fail("python3: Python's copy of the workspace could not be brought in step", 1);
      case 'interrupted':
        // What Python wrote before it stopped stays in its copy only: send everything next time.
        mirror.reset();
        return fail('KeyboardInterrupt', 130);
      case 'failed':
        mirror.reset();
        return fail(`python3: ${outcome.message}`, 1);
    }
  }
}
