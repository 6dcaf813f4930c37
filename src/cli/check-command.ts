import { z } from 'zod';
import { resolvePolicy } from '../engine/policy';
import { messageOf } from '../protocol/error-message';
import { PhaseSchema } from '../protocol/events';
import { checkCommandWithFiles, type CommandCheck } from '../shell';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { policyFromArgs } from './policy-flag';
import { answerJsonLines, type LineAnswer, parseJsonLine, toJsonLine } from './stdin-lines';
import { localWorkspaceReader, NO_WORKSPACE } from './workspace-reader';

export const CHECK_COMMAND_FLAGS = ['phase', 'jsonl', 'workdir', 'cwd', 'policy'] as const;

const InputLineSchema = z.object({ cmd: z.string() });

/**
 * `check-command --phase P --jsonl`: one `{"cmd"}` line in, one
 * `{"cmd","allowed","readonly","reason"}` line out, in order. Blank lines are
 * skipped; any other line that is not valid input still gets an answer, refused,
 * is named on `warn` (stderr) and makes the exit code 1.
 * Without --jsonl, each positional argument is checked and printed as text.
 * --workdir and --cwd say where the workspace and the shell are (default /workspace);
 * with --workdir, scripts a command runs by name (npm test, bash x.sh) are read
 * from that folder on disk and judged by their content. The rule and the user's
 * command rules come from the same policy runs use (--policy JSON overrides it).
 */
export async function checkCommandCommand(
  args: ParsedArgs,
  input: AsyncIterable<string>,
  out: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  rejectUnknownFlags(args, CHECK_COMMAND_FLAGS);
  const phase = PhaseSchema.safeParse(stringFlag(args, 'phase'));
  if (!phase.success) throw new UsageError('check-command needs --phase planning|building|verification|delivery');
  const policy = resolvePolicy(policyFromArgs(args), KNOWN_TOOL_NAMES);
  if (!policy.ok) throw new UsageError(`--policy is invalid: ${policy.error}`);
  const rule = policy.policy.phases[phase.data].shell;
  const userRules = policy.policy.commands;
  const workdir = stringFlag(args, 'workdir');
  const cwd = stringFlag(args, 'cwd');
  if (workdir !== undefined && !workdir.startsWith('/')) throw new UsageError('--workdir must be an absolute path');
  if (cwd !== undefined && !cwd.startsWith('/')) throw new UsageError('--cwd must be an absolute path');
  const options = { ...(workdir ? { workdir } : {}), ...(cwd ? { cwd } : {}), userRules };
  const read = workdir ? localWorkspaceReader(workdir) : NO_WORKSPACE;
  const check = (cmd: string) => safeCheck(cmd, (c) => checkCommandWithFiles(c, rule, options, read));

  if (args.flags.get('jsonl') !== true) {
    if (args.positionals.length === 0) throw new UsageError('check-command needs --jsonl (commands on stdin) or commands as arguments');
    let refused = 0;
    for (const cmd of args.positionals) {
      const result = await check(cmd);
      if (!result.allowed) refused++;
      out(`${result.allowed ? 'allowed' : 'refused'}  ${cmd}\n         ${result.reason}`);
    }
    return refused === 0 ? 0 : 1;
  }

  return answerJsonLines(input, (line) => answerLine(line, check), out, warn);
}

async function answerLine(line: string, check: (cmd: string) => Promise<CommandCheck>): Promise<LineAnswer> {
  const parsed = parseJsonLine(line, InputLineSchema, '{"cmd": "..."}');
  if (!parsed.ok) {
    // A line that is not JSON is echoed as the command, so the answer still shows what was sent.
    const cmd = parsed.json === undefined ? line : null;
    return { output: toJsonLine({ cmd, allowed: false, readonly: false, reason: `invalid input line: ${parsed.problem}` }), invalid: parsed.problem };
  }
  const { cmd } = parsed.value;
  const { allowed, readonly, reason } = await check(cmd);
  return { output: toJsonLine({ cmd, allowed, readonly, reason }) };
}

/** The classifier must never take the CLI down: an internal error refuses that one command. */
async function safeCheck(cmd: string, check: (cmd: string) => Promise<CommandCheck>): Promise<CommandCheck> {
  try {
    return await check(cmd);
  } catch (error) {
    return { allowed: false, readonly: false, reason: `internal error while classifying: ${messageOf(error)}` };
  }
}
