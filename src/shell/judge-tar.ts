import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { lookup } from './judge-options';
import { optionIs, parseOptions } from './options';
import { TAR_MODES, TAR_RUNS, TAR_VALUED_SHORT } from './text-tool-tables';
import type { Arg } from './words';

const TAR_LONG_VALUED = [
  '--file',
  '--directory',
  '--use-compress-program',
  '--to-command',
  '--exclude',
  '--exclude-from',
  '--files-from',
  '--checkpoint-action',
  '--info-script',
  '--new-volume-script',
  '--rsh-command',
  '--rmt-command',
  '--transform',
  '--xform',
  '--owner',
  '--group',
  '--mode',
  '--format',
  '--label',
  '--newer',
  '--after-date',
  '--listed-incremental',
  '--strip-components',
  '--blocking-factor',
  '--record-size',
  '--tape-length',
  '--volno-file',
  '--index-file',
  '--mtime',
  '--suffix',
];

type Mode = (typeof TAR_MODES)[keyof typeof TAR_MODES];

/** tar: listing and comparing are read-only, and so is creating onto stdout or extracting to stdout. */
export function judgeTar(call: Call, ctx: JudgeContext): void {
  const modes = new Set<Mode>();
  let file: Arg | null | undefined;
  let toStdout = false;
  let args = call.args;

  // Old style: `tar czf out.tgz dir`, the letters' values follow in order.
  const first = args[0]?.text;
  if (first && /^[A-Za-z]+$/.test(first)) {
    let next = 1;
    for (const letter of first) {
      const mode = TAR_MODES[letter];
      if (mode) modes.add(mode);
      if (letter === 'O') toStdout = true;
      if (TAR_VALUED_SHORT.includes(letter)) {
        const value = args[next++] ?? null;
        if (letter === 'f') file = value;
        const run = TAR_RUNS[`-${letter}`];
        if (run) ctx.report('effect', `${call.shown} ${run}`);
      }
    }
    args = args.slice(next);
  }

  const valued = [...TAR_VALUED_SHORT].map((l) => `-${l}`).concat(TAR_LONG_VALUED);
  const parsed = parseOptions(args, { valued }, ctx.safeVars);
  for (const option of parsed.options) {
    const short = option.name.length === 2 ? option.name.slice(1) : null;
    const mode = short ? TAR_MODES[short] : Object.entries(TAR_MODES).find(([k]) => k.startsWith('--') && optionIs(option.name, k))?.[1];
    if (mode) modes.add(mode);
    if (option.name === '-O' || optionIs(option.name, '--to-stdout')) toStdout = true;
    if (option.name === '-f' || optionIs(option.name, '--file')) file = option.value;
    const run = lookup(TAR_RUNS, option.name);
    if (run) ctx.report('effect', `${call.shown} ${run}`);
  }
  for (const unknown of parsed.unknown) ctx.report('effect', `${call.shown}: '${unknown.shown}' is not a literal word and could change what tar does`);

  const only = (...allowed: Mode[]) => modes.size > 0 && [...modes].every((m) => allowed.includes(m));
  if (only('list', 'compare')) return;
  if (only('create') && (file === undefined || file?.text === '-')) return;
  if (only('extract') && toStdout) return;
  const what = modes.has('extract')
    ? 'extracts files'
    : modes.has('create')
      ? 'writes an archive'
      : modes.size > 0
        ? 'changes an archive'
        : 'runs without a recognised mode';
  ctx.report('effect', `${call.shown} ${what} (tar)`);
}
