import type { EngineEvent, Phase } from '../protocol/events';

/** How the gate says a command runs a script that is not there (shell/classify-with-files). */
const MISSING_SCRIPT = /runs script '([^']+)', which does not exist/;

/** Commands that remove or move files away: the likely remover among those naming the path (`mkdir tests` after `rm -rf tests` is not). */
const REMOVES = /(^|[\s;&|(])(rm|rmdir|unlink|mv)\s|\bgit\s+(rm|mv|clean|checkout|restore|reset|stash)\b|\s-delete\b/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path and each folder above it: `rm -rf tests` removes tests/run.sh. */
function namesFor(path: string): string[] {
  const parts = path.replace(/^\.\//, '').split('/');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('/'));
}

/**
 * A refusal because a command runs a script that does not exist (run_tests after `rm -rf tests`):
 * what is missing, and, from the log, the command that removed it: the last command that ran
 * (its result ok) naming it or a folder above it, one that removes or moves files first. Null when
 * the refusal is about something else.
 */
export function missingScriptNote(refusal: string, log: readonly EngineEvent[]): string | null {
  const found = MISSING_SCRIPT.exec(refusal);
  if (!found) return null;
  const path = found[1] as string;
  const missing = `Missing: ${path}, which the command runs, is not in the workspace.`;
  const remover = removerOf(path, log);
  if (remover === null) return `${missing} The log does not say which command removed it.`;
  const where = remover.phase === null ? '' : ` in ${remover.phase}`;
  return `${missing} By the log, it was removed by \`${remover.command}\` (${remover.tool}${where}); restore it before testing.`;
}

function removerOf(path: string, log: readonly EngineEvent[]): { command: string; tool: string; phase: Phase | null } | null {
  const names = namesFor(path);
  const pattern = new RegExp(`(^|[\\s'"=/])(${names.map(escapeRegExp).join('|')})(/|[\\s'";&|)]|$)`);
  const calls = new Map<string, { name: string; command: string | null; phase: Phase | null }>();
  let phase: Phase | null = null;
  type Remover = { command: string; tool: string; phase: Phase | null };
  let remover: Remover | null = null;
  let other: Remover | null = null;
  for (const event of log) {
    if (event.type === 'phase_changed') phase = event.to;
    else if (event.type === 'tool_call') {
      const args = event.args as { command?: unknown } | null;
      calls.set(event.callId, { name: event.name, command: typeof args?.command === 'string' ? args.command : null, phase });
    } else if (event.type === 'tool_result' && event.ok) {
      const call = calls.get(event.callId);
      if (call?.command == null || !pattern.test(call.command)) continue;
      const found = { command: call.command, tool: call.name, phase: call.phase };
      if (REMOVES.test(call.command)) remover = found;
      else other = found;
    }
  }
  return remover ?? other;
}
