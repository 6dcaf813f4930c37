import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { lookup } from './judge-options';
import { optionIs, parseOptions } from './options';
import { pathScope, SCOPE_WHY } from './paths';
import { TEST_RUNNER_RULES } from './test-runner-tables';
import type { Arg } from './words';

/** Directories a test runner must never empty. */
const PRECIOUS_SCOPES = new Set(['root', 'home', 'outside', 'workspace', 'current', 'parent', 'everything', 'history', 'unknown']);

/** A test command: a test, unless its options make it write reports, coverage or snapshots. */
export function judgeTestRunner(call: Call, ctx: JudgeContext): void {
  judgeTestRun(call, call.name, call.args, ctx);
}

/** `runner` keys the rules: `vitest`, `go test`, `node --test`…; `args` are the runner's own words. */
export function judgeTestRun(call: Call, runner: string, args: readonly Arg[], ctx: JudgeContext): void {
  const rules = TEST_RUNNER_RULES[runner] ?? {};
  const end = args.findIndex((a) => a.text === '--');
  // Words after `--` go to the test program (`cargo test -- --nocapture`), not to the runner.
  const own = end === -1 || runner === 'vitest' || runner === 'jest' ? args : args.slice(0, end);
  const parsed = parseOptions(own, rules, ctx.safeVars);
  // A runner's own option is never read as an abbreviation of a longer one (`--coverage` is not `--coverage-dir`).
  const known = new Set([...(rules.valued ?? []), ...(rules.flags ?? []), ...(rules.attachedOnly ?? [])]);
  const find = (table: Readonly<Record<string, string>> | undefined, name: string) => (known.has(name) ? table?.[name] : lookup(table, name));
  for (const option of parsed.options) {
    const write = find(rules.writes, option.name);
    if (write) ctx.report('effect', `${call.shown} ${write}`);
    const valued = Object.entries(rules.writingValues ?? {}).find(([key]) => (known.has(option.name) ? option.name === key : optionIs(option.name, key)));
    if (valued && (option.value?.text == null || valued[1].pattern.test(option.value.text))) ctx.report('effect', `${call.shown} ${valued[1].what}`);
    if (option.value && rules.emptiedDirectories?.some((key) => optionIs(option.name, key))) {
      const scope = pathScope(option.value, ctx.where);
      if (scope !== null && PRECIOUS_SCOPES.has(scope))
        ctx.report('destructive', `${call.shown} empties '${option.value.shown}' before the run (${option.name}): ${SCOPE_WHY[scope]}`);
    }
  }
  for (const unknown of parsed.unknown) {
    ctx.report('effect', `${call.shown} has '${unknown.shown}', which is not a literal word and could be an option that makes the test run write files`);
  }
  const first = parsed.operands[0]?.text;
  const sub = first == null ? undefined : rules.writingSubcommands?.[first];
  if (sub) ctx.report('effect', `${call.shown} ${sub}`);
  ctx.report('test', `${call.shown} runs tests`);
}
