import { type ByteString, type Command, defineCommand, type IFileSystem } from 'just-bash';
import { resolvePath } from '../paths';
import { FsOverlay } from './fs-overlay';
import { NODE_USAGE, parseNodeArgs } from './node-args';
import { VIRTUAL_NODE_VERSION } from './node-info';
import { formatOf } from './resolve-module';
import type { NodeEntry } from './run-node';

type CommandResult = { stdout: string; stderr: string; exitCode: number };

/**
 * just-bash passes stdin as bytes packed one per character; its browser bundle does not export
 * its own decoder, so this one reads them as UTF-8.
 */
function utf8FromBytes(bytes: ByteString): string {
  const packed = bytes as unknown as string;
  return new TextDecoder().decode(Uint8Array.from(packed, (char) => char.charCodeAt(0)));
}

function failure(message: string, exitCode = 1): CommandResult {
  return { stdout: '', stderr: `${message}\n`, exitCode };
}

/**
 * `node` for the virtual sandbox: QuickJS (loaded on first use, with the run code) over a copy
 * of the sandbox's files whose changes are written back when the program ends. `stopped` says
 * when Stop or the time limit ended the command: the program is interrupted at once, busy or not.
 */
export function nodeCommand(stopped: () => boolean): Command {
  return defineCommand('node', async (argv, ctx): Promise<CommandResult> => {
    const invocation = parseNodeArgs(argv);
    if (invocation.kind === 'version') return { stdout: `${VIRTUAL_NODE_VERSION}\n`, stderr: '', exitCode: 0 };
    if (invocation.kind === 'help') return { stdout: NODE_USAGE, stderr: '', exitCode: 0 };
    if (invocation.kind === 'error') return failure(invocation.message, 9);
    let stdin = utf8FromBytes(ctx.stdin);
    const fs = await FsOverlay.load(ctx.fs);
    const env = ctx.exportedEnv ?? Object.fromEntries(ctx.env);
    const isStopped = () => stopped() || ctx.signal?.aborted === true;
    if (invocation.kind === 'test') {
      const { runNodeTests } = await import('./run-node-tests');
      return finishNodeRun(
        await runNodeTests({ paths: invocation.paths, namePatterns: invocation.namePatterns, cwd: ctx.cwd, env, fs, stopped: isStopped }),
        fs,
        ctx.fs,
      );
    }
    let entry: NodeEntry;
    let scriptArgv: string[];
    if (invocation.kind === 'file') {
      const path = resolvePath(ctx.cwd, invocation.file);
      const stat = fs.stat(path);
      if (stat?.type !== 'file') return failure(`node: Cannot find module '${path}'${stat ? ' (it is a directory)' : ''}`);
      entry = { kind: 'file', path, format: formatOf(fs, path) };
      scriptArgv = [path, ...invocation.args];
    } else if (invocation.kind === 'eval') {
      entry = { kind: 'eval', code: invocation.code, print: invocation.print };
      scriptArgv = invocation.args;
    } else {
      // The program came in on stdin, so the program finds stdin used up.
      entry = { kind: 'eval', code: stdin, print: false };
      stdin = '';
      scriptArgv = invocation.args;
    }
    const { runNode } = await import('./run-node');
    const result = await runNode({ entry, argv: ['/usr/local/bin/node', ...scriptArgv], env, cwd: ctx.cwd, stdin, fs, stopped: isStopped });
    return finishNodeRun(result, fs, ctx.fs);
  });
}

/** Writes the program's changes back to the sandbox; a change that cannot be saved fails the command. */
export async function finishNodeRun(result: CommandResult, overlay: FsOverlay, fs: IFileSystem): Promise<CommandResult> {
  const failures = await overlay.flush(fs);
  const unsaved = failures.map((line) => `node: could not save ${line}\n`).join('');
  return { stdout: result.stdout, stderr: result.stderr + unsaved, exitCode: result.exitCode === 0 && unsaved ? 1 : result.exitCode };
}
