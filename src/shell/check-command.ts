import { classifyCommand, type ClassifyOptions, type CommandVerdict } from './classify';
import type { ShellRule } from './shell-rules';

export { type ShellRule, ShellRuleSchema } from './shell-rules';

export interface CommandCheck {
  allowed: boolean;
  readonly: boolean;
  reason: string;
  /** Workspace files whose content was needed but not given (the command was refused for it); absent when none. */
  needsFiles?: string[];
}

/**
 * Decides whether `command` may run under `rule`; the reason names the offending part when it may not.
 * A user deny rule (options.userRules) refuses it under every rule.
 */
export function checkCommand(command: string, rule: ShellRule, options: ClassifyOptions = {}): CommandCheck {
  return decide(classifyCommand(command, options), rule);
}

export function decide(verdict: CommandVerdict, rule: ShellRule): CommandCheck {
  const check = decideRule(verdict, rule);
  return verdict.needsFiles.length > 0 && !check.allowed ? { ...check, needsFiles: [...verdict.needsFiles] } : check;
}

function decideRule(verdict: CommandVerdict, rule: ShellRule): CommandCheck {
  const readonly = verdict.readonly;
  const refuse = (reason: string): CommandCheck => ({ allowed: false, readonly, reason });
  const allow = (reason: string): CommandCheck => ({ allowed: true, readonly, reason });
  const denied = verdict.denied[0];
  if (denied !== undefined) return refuse(denied);
  if (readonly) return allow(verdict.reason);
  switch (rule) {
    case 'readonly':
      return refuse(`only read-only commands are allowed: ${verdict.reason}`);
    case 'readonly_or_tests':
      if (verdict.isTest) return allow(verdict.reason);
      return refuse(`only read-only or test commands are allowed: ${firstNonTest(verdict)}`);
    case 'not_destructive': {
      if (!verdict.parsed) return refuse(verdict.findings.find((f) => f.kind === 'unparsed')?.reason ?? verdict.reason);
      if (verdict.destructive) return refuse(`destructive commands are not allowed: ${firstDestructive(verdict)}`);
      return allow(`not destructive: ${verdict.reason}`);
    }
    case 'any':
      return allow(`any command is allowed: ${verdict.reason}`);
  }
}

function firstNonTest(verdict: CommandVerdict): string {
  return verdict.findings.find((f) => f.kind !== 'test')?.reason ?? verdict.reason;
}

function firstDestructive(verdict: CommandVerdict): string {
  return verdict.findings.find((f) => f.kind === 'destructive')?.reason ?? verdict.reason;
}
