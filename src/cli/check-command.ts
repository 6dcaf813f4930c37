import { z } from 'zod';
import { resolvePolicy } from '../engine/policy';
import { messageOf } from '../protocol/error-message';
import { PhaseSchema } from '../protocol/events';
import { describeFirstIssue } from '../protocol/zod-issue';
import { checkCommandWithFiles, type CommandCheck } from '../shell';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { policyFromArgs } from './policy-flag';
import { localWorkspaceReader, NO_WORKSPACE } from './workspace-reader';

export const CHECK_COMMAND_FLAGS = ['phase', 'jsonl', 'workdir', 'cwd', 'policy'] as const;

const InputLineSchema = z.object({ cmd: z.string() });

/**
 * `check-command --phase P --jsonl`: one `{"cmd"}` line in, one
 * `{"cmd","allowed","readonly","reason"}` line out, in order. Blank lines are
 * skipped; any other line that is not valid input still gets an answer, refused.
 * Without --jsonl, each positional argument is checked and printed as text.
 * --workdir and --cwd say where the workspace and the shell are (default /workspace);
 * with --workdir, scripts a command runs by name (npm test, bash x.sh) are read
 * from that folder on disk and judged by their content. The rule and the user's
 * command rules come from the same policy runs use (--policy JSON overrides it).
 */
export async function checkCommandCommand(args: ParsedArgs, input: AsyncIterable<string>, out: (line: string) => void): Promise<number> {
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

  for await (const line of input) {
    if (line.trim() === '') continue;
    out(toJsonLine(await answerLine(line, check)));
  }
  return 0;
}

interface Answer extends CommandCheck {
  cmd: string | null;
}

async function answerLine(line: string, check: (cmd: string) => Promise<CommandCheck>): Promise<Answer> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return refusedLine(line, `not JSON (${messageOf(error)})`);
  }
  const parsed = InputLineSchema.safeParse(json);
  if (!parsed.success) {
    return refusedLine(null, `expected {"cmd": "..."} (${describeFirstIssue(parsed.error, 'line')})`);
  }
  const cmd = parsed.data.cmd;
  return { cmd, ...(await check(cmd)) };
}

function refusedLine(cmd: string | null, why: string): Answer {
  return { cmd, allowed: false, readonly: false, reason: `invalid input line: ${why}` };
}

/** The classifier must never take the CLI down: an internal error refuses that one command. */
async function safeCheck(cmd: string, check: (cmd: string) => Promise<CommandCheck>): Promise<CommandCheck> {
  try {
    return await check(cmd);
  } catch (error) {
    return { allowed: false, readonly: false, reason: `internal error while classifying: ${messageOf(error)}` };
  }
}

/** JSON with U+2028/U+2029 escaped, so tools that split lines on them still see one line. */
function toJsonLine(answer: Answer): string {
  const { cmd, allowed, readonly, reason } = answer;
  return JSON.stringify({ cmd, allowed, readonly, reason })
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
