import type { OptionRules, OptionSyntax } from './table-types';

/** git's subcommands and options: which only inspect, which change the repository. */

export const GIT_GLOBAL_SYNTAX: OptionSyntax = {
  valued: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds'],
  attachedOnly: ['--exec-path'],
};
/** `git -c KEY=...` keys that only change how output looks. Others can name programs git runs. */
export const GIT_SAFE_CONFIG_KEYS =
  /^(color\.[\w.-]+|core\.quotepath|core\.abbrev|advice\.[\w-]+|log\.[\w-]+|diff\.(noprefix|renames|algorithm|mnemonicprefix|relative|context|interhunkcontext|statgraphwidth|indentheuristic|colormoved)|grep\.[\w-]+|format\.pretty|pretty\.[\w-]+|i18n\.[\w-]+|safe\.directory|column\.[\w-]+|blame\.[\w-]+|status\.[\w-]+|init\.defaultbranch|user\.(name|email))$/i;

/** Config keys that name a program git runs (or a file it reads config from): setting one plants code for later commands. */
export const GIT_PROGRAM_KEYS =
  /^(core\.(editor|pager|fsmonitor|hookspath|sshcommand|askpass|gitproxy|alternaterefscommand)|diff\.external|diff\..+\.(command|textconv)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|alias\..+|credential\.(.+\.)?helper|gpg\.(.+\.)?program|sequence\.editor|sendemail\..+|web\.browser|browser\..+\.(cmd|path)|man\..+\.(cmd|path)|difftool\..+\.(cmd|path)|mergetool\..+\.(cmd|path)|uploadpack\.packobjectshook|include\.path|includeif\..+\.path|remote\..+\.(uploadpack|receivepack|proxy|vcs)|pager\..+|interactive\.difffilter|instaweb\..+|ssh\.variant|http\..*proxy.*)$/i;

export type GitRule =
  | { kind: 'readonly'; rules?: OptionRules }
  | { kind: 'writes'; what: string; readonlyWith?: readonly string[]; unlessAlso?: readonly string[] }
  | { kind: 'network'; what: string }
  | { kind: 'runs-code'; what: string }
  | {
      kind: 'modes';
      readonly: readonly string[];
      alone: 'readonly' | 'writes';
      network?: readonly string[];
      /** Options that keep a network mode local (`git remote show -n`). */
      offline?: readonly string[];
      runs?: readonly string[];
      what: string;
      onlyVerboseFlagsAlone?: boolean;
    }
  | { kind: 'branch' | 'tag' | 'config' };

const GIT_OUTPUT_RULES: OptionRules = {
  writes: { '--output': 'writes its output to a file (--output)' },
  runs: { '--ext-diff': 'runs an external diff program (--ext-diff)', '--textconv': 'runs text conversion programs (--textconv)' },
};

export const GIT_SUBCOMMANDS: Readonly<Record<string, GitRule>> = {
  ...Object.fromEntries(
    'status blame annotate ls-files ls-tree rev-parse rev-list describe shortlog show-ref for-each-ref name-rev merge-base cherry count-objects check-ignore check-attr check-mailmap check-ref-format var whatchanged show-branch verify-commit verify-tag version get-tar-commit-id'
      .split(' ')
      .map((s) => [s, { kind: 'readonly' } satisfies GitRule]),
  ),
  ...Object.fromEntries(
    'log diff show range-diff diff-tree diff-files diff-index'.split(' ').map((s) => [s, { kind: 'readonly', rules: GIT_OUTPUT_RULES } satisfies GitRule]),
  ),
  help: {
    kind: 'readonly',
    rules: { runs: { '-w': 'opens the manual in a web browser (git help -w)', '--web': 'opens the manual in a web browser (git help --web)' } },
  },
  'cat-file': {
    kind: 'readonly',
    rules: {
      runs: {
        '--textconv': 'runs text conversion programs (git cat-file --textconv)',
        '--filters': 'runs the filter programs of the repository (git cat-file --filters)',
      },
    },
  },
  fsck: { kind: 'readonly', rules: { writes: { '--lost-found': 'writes dangling objects into .git/lost-found (git fsck --lost-found)' } } },
  grep: {
    kind: 'readonly',
    rules: {
      valued: ['-e', '-f', '-A', '-B', '-C', '-m', '--max-count', '--max-depth', '--threads'],
      runs: { '-O': 'opens the matches in a pager program (git grep -O)', '--open-files-in-pager': 'opens the matches in a pager program' },
    },
  },
  archive: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '--format', '--prefix', '--remote', '--exec'],
      writes: { '-o': 'writes the archive to a file (git archive -o)', '--output': 'writes the archive to a file (git archive --output)' },
      runs: { '--remote': 'reaches a remote (git archive --remote)' },
    },
  },
  'hash-object': { kind: 'readonly', rules: { writes: { '-w': 'writes the object into the repository (git hash-object -w)' } } },
  'symbolic-ref': {
    kind: 'readonly',
    rules: { writes: { '-d': 'deletes a symbolic ref', '--delete': 'deletes a symbolic ref' }, maxOperands: { count: 1, what: 'changes a symbolic ref' } },
  },
  clean: { kind: 'writes', what: 'deletes untracked files', readonlyWith: ['-n', '--dry-run'] },
  ...Object.fromEntries(
    [
      ['add', 'stages files'],
      ['stage', 'stages files'],
      ['rm', 'deletes files from the index and working tree'],
      ['mv', 'moves files'],
    ].map(([s, what]) => [s, { kind: 'writes', what: what as string, readonlyWith: ['-n', '--dry-run'] } satisfies GitRule]),
  ),
  apply: {
    kind: 'writes',
    what: 'applies a patch to the working tree',
    readonlyWith: ['--check', '--stat', '--numstat', '--summary'],
    unlessAlso: ['--apply', '--index', '--cached'],
  },
  'format-patch': { kind: 'writes', what: 'writes patch files', readonlyWith: ['--stdout'] },
  ...Object.fromEntries(
    [
      ['commit', 'records a commit'],
      ['reset', 'moves HEAD and changes the index'],
      ['checkout', 'changes the working tree'],
      ['switch', 'switches branches'],
      ['restore', 'restores files in the working tree'],
      ['merge', 'merges branches'],
      ['rebase', 'rewrites commits'],
      ['cherry-pick', 'applies commits'],
      ['revert', 'records revert commits'],
      ['init', 'creates a repository'],
      ['am', 'applies patches as commits'],
      ['gc', 'repacks and prunes the repository'],
      ['prune', 'prunes objects'],
      ['update-index', 'changes the index'],
      ['update-ref', 'changes a ref'],
      ['write-tree', 'writes a tree object'],
      ['commit-tree', 'writes a commit object'],
      ['read-tree', 'changes the index'],
      ['mktree', 'writes a tree object'],
      ['mktag', 'writes a tag object'],
      ['replace', 'changes replacement refs'],
      ['repack', 'repacks the repository'],
      ['pack-refs', 'packs refs'],
      ['maintenance', 'runs maintenance tasks'],
      ['filter-branch', 'rewrites history'],
      ['fast-import', 'imports history'],
      ['merge-file', 'writes a merged file'],
      ['mergetool', 'runs a merge tool'],
      ['citool', 'opens a commit tool'],
      ['bisect', 'checks out commits to bisect'],
      ['checkout-index', 'writes files from the index'],
      ['rerere', 'records conflict resolutions'],
      ['lfs', 'changes large-file storage'],
    ].map(([s, what]) => [s, { kind: 'writes', what: what as string } satisfies GitRule]),
  ),
  ...Object.fromEntries(
    [
      ['push', 'pushes to a remote'],
      ['pull', 'fetches and merges from a remote'],
      ['fetch', 'fetches from a remote'],
      ['clone', 'clones a repository'],
      ['ls-remote', 'queries a remote'],
      ['send-email', 'sends email'],
    ].map(([s, what]) => [s, { kind: 'network', what: what as string } satisfies GitRule]),
  ),
  difftool: { kind: 'runs-code', what: 'runs a diff tool' },
  stash: { kind: 'modes', readonly: ['list', 'show'], alone: 'writes', what: 'changes the stash and the working tree' },
  worktree: { kind: 'modes', readonly: ['list'], alone: 'writes', what: 'changes worktrees' },
  notes: { kind: 'modes', readonly: ['list', 'show'], alone: 'readonly', what: 'changes notes' },
  reflog: { kind: 'modes', readonly: ['show', 'exists', 'list'], alone: 'readonly', what: 'expires or deletes reflog entries' },
  submodule: { kind: 'modes', readonly: ['status', 'summary'], alone: 'readonly', runs: ['foreach'], what: 'changes submodules' },
  'sparse-checkout': { kind: 'modes', readonly: ['list'], alone: 'writes', what: 'changes the sparse checkout' },
  remote: {
    kind: 'modes',
    readonly: ['get-url'],
    network: ['show', 'update', 'prune'],
    offline: ['-n'],
    alone: 'readonly',
    what: 'changes remotes',
    onlyVerboseFlagsAlone: true,
  },
  branch: { kind: 'branch' },
  tag: { kind: 'tag' },
  config: { kind: 'config' },
};

/** Options of `git branch` that only select or format the listing; the valued ones take the next word. */
export const GIT_BRANCH_LISTING = {
  flags: [
    '-a',
    '--all',
    '-r',
    '--remotes',
    '-v',
    '-vv',
    '--verbose',
    '-l',
    '--list',
    '--show-current',
    '--color',
    '--no-color',
    '--column',
    '--no-column',
    '-i',
    '--ignore-case',
    '--abbrev',
    '--no-abbrev',
    '-q',
    '--quiet',
    '--omit-empty',
    '--no-merged',
    '--merged',
    '--contains',
    '--no-contains',
    '--points-at',
    '--sort',
    '--format',
  ],
  valued: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'],
};
export const GIT_TAG_LISTING = {
  flags: [
    '-l',
    '--list',
    '-n',
    '--contains',
    '--no-contains',
    '--merged',
    '--no-merged',
    '--points-at',
    '--sort',
    '--format',
    '--column',
    '--no-column',
    '-i',
    '--ignore-case',
    '--color',
    '-v',
    '--verify',
  ],
  valued: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'],
};
export const GIT_CONFIG = {
  valued: ['-f', '--file', '--blob', '--type', '--default', '--comment', '--value'],
  readFlags: ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '-l', '--list'],
  writeFlags: ['--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit'],
  readSubcommands: ['get', 'list'],
  writeSubcommands: ['set', 'unset', 'rename-section', 'remove-section', 'edit'],
};
