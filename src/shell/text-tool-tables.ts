import type { OptionRules, OptionSyntax } from './table-types';

/** What sed, awk, find, tar and tee can do beyond reading, for their judges. */

export const SED_RULES: OptionRules = {
  valued: ['-e', '--expression', '-f', '--file', '-l', '--line-length'],
  // GNU -i takes an attached suffix; BSD -i and -I take one too (possibly empty, as the next word).
  attachedOnly: ['-i', '--in-place', '-I'],
  writes: { '-i': 'edits files in place (sed -i)', '--in-place': 'edits files in place (sed --in-place)', '-I': 'edits files in place (sed -I)' },
  runs: { '-f': 'runs a sed script file we cannot see (sed -f)', '--file': 'runs a sed script file we cannot see (sed --file)' },
};
export const SED_SCRIPT_OPTIONS = ['-e', '--expression'];

export const AWK_RULES: OptionRules = {
  // Every awk (gawk, mawk, busybox, one-true-awk) stops reading options at the program text.
  optionsEndAtOperand: true,
  valued: ['-F', '--field-separator', '-v', '--assign', '-f', '--file', '-e', '--source', '-i', '--include', '-l', '--load', '-E', '--exec', '-W'],
  // gawk's optional values: `-o[FILE]`, `--profile[=FILE]`…
  attachedOnly: ['-o', '--pretty-print', '-p', '--profile', '-d', '--dump-variables', '-D', '--debug', '-L', '--lint'],
  runs: {
    '-f': 'runs an awk program file we cannot see (awk -f)',
    '--file': 'runs an awk program file we cannot see (awk --file)',
    '-E': 'runs an awk program file we cannot see (awk -E)',
    '--exec': 'runs an awk program file we cannot see (awk --exec)',
    '-i': 'includes an awk source file we cannot see (awk -i)',
    '--include': 'includes an awk source file we cannot see (awk --include)',
    '-l': 'loads an awk extension (awk -l)',
    '--load': 'loads an awk extension (awk --load)',
    '-D': 'runs the awk debugger, which reads commands (awk -D)',
    '--debug': 'runs the awk debugger, which reads commands (awk --debug)',
  },
  writes: {
    '-o': 'writes a pretty-printed program file (awk -o)',
    '--pretty-print': 'writes a pretty-printed program file (awk --pretty-print)',
    '-p': 'writes a profile file (awk -p)',
    '--profile': 'writes a profile file (awk --profile)',
    '-d': 'writes its variables to a file (awk -d)',
    '--dump-variables': 'writes its variables to a file (awk --dump-variables)',
  },
};
export const AWK_PROGRAM_OPTIONS = ['-e', '--source'];
/** `-W` words (mawk, gawk) that only change how awk reads or prints. */
export const AWK_SAFE_W_OPTIONS: ReadonlySet<string> = new Set([
  'version',
  'v',
  'help',
  'usage',
  'posix',
  'traditional',
  'compat',
  'lint',
  'lint-old',
  're-interval',
  'characters-as-bytes',
  'sandbox',
  'interactive',
  'dump',
  'posix_space',
  'sprintf',
  'random',
  'copyright',
  'non-decimal-data',
  'use-lc-numeric',
]);

/** Primaries that take one value: the value is never an action. */
export const FIND_VALUED_PRIMARIES: ReadonlySet<string> = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-regextype',
  '-lname',
  '-ilname',
  '-type',
  '-xtype',
  '-perm',
  '-user',
  '-group',
  '-uid',
  '-gid',
  '-size',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-newer',
  '-anewer',
  '-cnewer',
  '-used',
  '-maxdepth',
  '-mindepth',
  '-samefile',
  '-inum',
  '-links',
  '-fstype',
  '-context',
  '-printf',
  '-files0-from',
]);
/**
 * Primaries that pick particular files by name or identity. Type, size, time
 * or depth alone still reach every file of the tree: `find . -type f -delete`
 * empties the workspace.
 */
export const FIND_NARROWING: ReadonlySet<string> = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-lname',
  '-ilname',
  '-samefile',
  '-inum',
  '-empty',
]);
/** Operators that widen or invert a selection, so no single filter can be trusted to narrow it. */
export const FIND_WIDENING: ReadonlySet<string> = new Set(['-o', '-or', '!', '-not', ',']);
export const FIND_WRITING_ACTIONS: Readonly<Record<string, { what: string; values: number }>> = {
  '-delete': { what: 'deletes the files it finds (find -delete)', values: 0 },
  '-fprint': { what: 'writes its list to a file (find -fprint)', values: 1 },
  '-fprint0': { what: 'writes its list to a file (find -fprint0)', values: 1 },
  '-fls': { what: 'writes its list to a file (find -fls)', values: 1 },
  '-fprintf': { what: 'writes its list to a file (find -fprintf)', values: 2 },
};
export const FIND_EXEC_ACTIONS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);

export const TAR_VALUED_SHORT = 'fbCTXKNLVgHI';
export const TAR_MODES: Readonly<Record<string, 'list' | 'compare' | 'create' | 'extract' | 'append' | 'delete'>> = {
  t: 'list',
  '--list': 'list',
  d: 'compare',
  '--diff': 'compare',
  '--compare': 'compare',
  c: 'create',
  '--create': 'create',
  x: 'extract',
  '--extract': 'extract',
  '--get': 'extract',
  r: 'append',
  '--append': 'append',
  u: 'append',
  '--update': 'append',
  A: 'append',
  '--catenate': 'append',
  '--concatenate': 'append',
  '--delete': 'delete',
};
export const TAR_RUNS: Readonly<Record<string, string>> = {
  '-I': 'runs a compression program (tar -I)',
  '--use-compress-program': 'runs a compression program (tar --use-compress-program)',
  '--to-command': 'runs a command for every file (tar --to-command)',
  '--checkpoint-action': 'can run commands at checkpoints (tar --checkpoint-action)',
  '--info-script': 'runs a script between volumes (tar --info-script)',
  '-F': 'runs a script between volumes (tar -F)',
  '--new-volume-script': 'runs a script between volumes',
  '--rsh-command': 'runs a remote shell (tar --rsh-command)',
  '--rmt-command': 'runs a remote tape command (tar --rmt-command)',
};

export const TEE_SYNTAX: OptionSyntax = { attachedOnly: ['--output-error'] };
