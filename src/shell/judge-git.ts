import type { Call } from './call';
import {
  GIT_BRANCH_LISTING,
  GIT_CONFIG,
  GIT_GLOBAL_SYNTAX,
  GIT_PROGRAM_KEYS,
  GIT_SAFE_CONFIG_KEYS,
  GIT_SUBCOMMANDS,
  GIT_TAG_LISTING,
  type GitRule,
} from './git-tables';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { hasOption, optionIs, parseOptions, splitLeadingOptions } from './options';
import type { Arg } from './words';

/** git: read-only inspection versus anything that changes refs, index, working tree, config or remotes. */
export function judgeGit(call: Call, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, GIT_GLOBAL_SYNTAX, ctx.safeVars);
  // `git --help log` and `git log --help` only show the manual.
  if (options.some((o) => o.name === '--help' || o.name === '-h')) return;
  for (const option of options) judgeGlobalOption(call, option.name, option.value, ctx);
  const [subWord, ...subArgs] = rest;
  if (!subWord) return;
  if (subArgs.length === 1 && (subArgs[0]?.text === '--help' || subArgs[0]?.text === '-h')) return;
  const sub = subWord.text;
  if (sub === null) {
    ctx.report('effect', `${call.shown}: the git command '${subWord.shown}' is not a literal word`);
    return;
  }
  const rule = GIT_SUBCOMMANDS[sub];
  if (!rule) {
    ctx.report('effect', `${call.shown}: unknown git command '${sub}' (it could be an alias)`);
    return;
  }
  const subCall: Call = { name: `git ${sub}`, args: subArgs, shown: call.shown };
  checkGitDestructive(subCall, sub, ctx);
  judgeRule(subCall, rule, ctx);
}

function judgeGlobalOption(call: Call, name: string, value: Arg | null, ctx: JudgeContext): void {
  if (name === '-c' || optionIs(name, '--config-env')) {
    const key = value?.text?.split('=')[0];
    if (!key || name !== '-c' || !GIT_SAFE_CONFIG_KEYS.test(key)) {
      ctx.report('effect', `${call.shown} overrides git config '${value?.shown ?? ''}' for this run, which can make git run programs`);
    }
  } else if (optionIs(name, '--exec-path') && value !== null) {
    ctx.report('effect', `${call.shown} runs git programs from another directory (--exec-path)`);
  } else if (name.startsWith('-') && !/^-[CcP]$|^--/.test(name) && name !== '-p') {
    ctx.report('effect', `${call.shown}: unknown git option '${name}'`);
  }
}

function judgeRule(call: Call, rule: GitRule, ctx: JudgeContext): void {
  switch (rule.kind) {
    case 'readonly':
      if (rule.rules) applyOptionRules(call, rule.rules, ctx);
      return;
    case 'writes': {
      const parsed = parseOptions(call.args, {}, ctx.safeVars);
      const readonly = rule.readonlyWith && hasOption(parsed, rule.readonlyWith) && !(rule.unlessAlso && hasOption(parsed, rule.unlessAlso));
      if (!readonly) ctx.report('effect', `${call.shown} ${rule.what} (${call.name})`);
      return;
    }
    case 'network':
      ctx.report('effect', `${call.shown} ${rule.what} (${call.name}): network access is not read-only`);
      return;
    case 'runs-code':
      ctx.report('effect', `${call.shown} ${rule.what} (${call.name})`);
      return;
    case 'modes':
      judgeModes(call, rule, ctx);
      return;
    case 'branch':
      judgeListing(call, GIT_BRANCH_LISTING, 'branch', ctx);
      return;
    case 'tag':
      judgeListing(call, GIT_TAG_LISTING, 'tag', ctx);
      return;
    case 'config':
      judgeConfig(call, ctx);
      return;
  }
}

function judgeModes(call: Call, rule: Extract<GitRule, { kind: 'modes' }>, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, {}, ctx.safeVars);
  const modeWord = parsed.operands[0];
  if (!modeWord) {
    const onlyVerbose = parsed.options.every((o) => o.name === '-v' || optionIs(o.name, '--verbose'));
    if (rule.alone === 'readonly' && (!rule.onlyVerboseFlagsAlone || onlyVerbose) && parsed.unknown.length === 0) return;
    ctx.report('effect', `${call.shown} ${rule.what} (${call.name})`);
    return;
  }
  const mode = modeWord.text;
  if (mode === null) ctx.report('effect', `${call.shown}: '${modeWord.shown}' is not a literal word`);
  else if (rule.readonly.includes(mode)) return;
  else if (rule.runs?.includes(mode)) ctx.report('effect', `${call.shown} runs a command in every submodule (${call.name} ${mode})`);
  else if (rule.network?.includes(mode)) {
    if (rule.offline && hasOption(parsed, rule.offline)) return;
    ctx.report('effect', `${call.shown} queries a remote (${call.name} ${mode}): network access is not read-only`);
  } else ctx.report('effect', `${call.shown} ${rule.what} (${call.name} ${mode})`);
}

function judgeListing(call: Call, listing: { flags: readonly string[]; valued: readonly string[] }, what: 'branch' | 'tag', ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: listing.valued, attachedOnly: what === 'tag' ? ['-n'] : [] }, ctx.safeVars);
  for (const option of parsed.options) {
    if (!listing.flags.some((f) => optionIs(option.name, f))) {
      ctx.report('effect', `${call.shown} changes ${what === 'branch' ? 'branches' : 'tags'} (${option.name})`);
      return;
    }
  }
  for (const unknown of parsed.unknown) ctx.report('effect', `${call.shown}: '${unknown.shown}' is not a literal word and could create or delete a ${what}`);
  const listMode = hasOption(parsed, ['-l', '--list']) !== undefined || (what === 'tag' && hasOption(parsed, ['-v', '--verify']) !== undefined);
  const name = parsed.operands[0];
  if (name && !listMode) ctx.report('effect', `${call.shown} creates the ${what} '${name.shown}'`);
}

function judgeConfig(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: GIT_CONFIG.valued }, ctx.safeVars);
  const write = hasOption(parsed, GIT_CONFIG.writeFlags);
  const first = parsed.operands[0]?.text;
  const subcommand = first != null && (GIT_CONFIG.writeSubcommands.includes(first) || GIT_CONFIG.readSubcommands.includes(first));
  const words = call.args.filter((a) => parsed.operands.includes(a) || parsed.unknown.includes(a));
  const key = words[subcommand ? 1 : 0];
  const removing = (write !== undefined && /unset|remove/.test(write.name)) || (first != null && /unset|remove/.test(first));
  if (write) {
    ctx.report('effect', `${call.shown} changes git config (${write.name})`);
  } else if (first != null && GIT_CONFIG.writeSubcommands.includes(first)) {
    ctx.report('effect', `${call.shown} changes git config (git config ${first})`);
  } else if ((first != null && GIT_CONFIG.readSubcommands.includes(first)) || hasOption(parsed, GIT_CONFIG.readFlags)) {
    return;
  } else if (parsed.operands.length + parsed.unknown.length > 1) {
    ctx.report('effect', `${call.shown} sets a git config value`);
  } else {
    return;
  }
  if (key && !removing && (key.text === null || GIT_PROGRAM_KEYS.test(key.text))) {
    ctx.report('unparsed', `${call.shown} sets '${key.shown}', a git setting that names a program or file git runs or reads later, which cannot be judged`);
  }
}

/** Pathspecs that mean "every file". */
const ALL_FILES = new Set(['.', './', ':/', ':/*', '*', ':(top)', ':(top)*', '-A', '--all']);

function checkGitDestructive(call: Call, sub: string, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-b', '-B', '--orphan', '-s', '--source', '-o', '--push-option', '-m', '-F'] }, ctx.safeVars);
  const has = (keys: readonly string[]) => hasOption(parsed, keys) !== undefined;
  const everything = parsed.operands.find((o) => o.text !== null && ALL_FILES.has(o.text));
  const report = (what: string) => ctx.report('destructive', `${call.shown} ${what}`);
  switch (sub) {
    case 'reset':
      if (has(['--hard'])) report('discards all uncommitted changes (git reset --hard)');
      break;
    case 'clean':
      if (has(['-f', '--force']) && !has(['-n', '--dry-run'])) report('deletes untracked files for good (git clean -f)');
      break;
    case 'push':
      if (has(['-n', '--dry-run'])) break;
      if (has(['-f', '--force', '--force-with-lease', '--mirror'])) report('overwrites remote history (git push --force)');
      else if (has(['-d', '--delete']) || parsed.operands.slice(1).some((o) => o.text?.startsWith(':'))) report('deletes a remote branch (git push --delete)');
      else if (parsed.operands.slice(1).some((o) => o.text?.startsWith('+'))) report('force-pushes a ref (git push +ref)');
      break;
    case 'checkout':
      if (has(['-f', '--force'])) report('discards local changes (git checkout --force)');
      else if (everything) report(`discards changes to every file (git checkout ${everything.shown})`);
      break;
    case 'restore':
      if (everything && !(has(['-S', '--staged']) && !has(['-W', '--worktree']))) report(`discards changes to every file (git restore ${everything.shown})`);
      break;
    case 'branch':
      if (has(['-D']) || (has(['-d', '--delete']) && has(['-f', '--force']))) report('deletes a branch even if it is not merged (git branch -D)');
      break;
    case 'stash':
      if (parsed.operands[0]?.text === 'clear') report('drops every stash (git stash clear)');
      break;
    case 'filter-branch':
      report('rewrites history (git filter-branch)');
      break;
    case 'rm':
      if (everything && !has(['--cached', '-n', '--dry-run'])) report(`deletes every tracked file (git rm ${everything.shown})`);
      break;
    case 'switch':
      if (has(['-f', '--force', '--discard-changes'])) report('discards local changes (git switch --discard-changes)');
      break;
  }
}
