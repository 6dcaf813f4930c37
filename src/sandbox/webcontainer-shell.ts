/**
 * How the WebContainer adapter keeps a shell's state across commands.
 *
 * Each exec spawns a fresh `jsh -c SCRIPT`, where SCRIPT first enters the
 * remembered directory (the environment goes in through spawn's `env`), then
 * runs the command, then prints an end marker with the command's exit status
 * and `$PWD`, followed by `env`. The adapter cuts the output at the marker:
 * what comes before is the command's output, what follows is the state to
 * carry into the next exec. The marker holds a fresh random nonce per exec,
 * so command output cannot fake it. When the marker never comes (the command
 * ran `exit`, or was killed) the adapter keeps the previous state and uses the
 * process's exit code. We chose this over one long-lived interactive shell
 * because a killed command then cannot take the shell down with it.
 */

export function newEndMarker(): string {
  return `__PHASEGATE_END_${globalThis.crypto.randomUUID().replace(/-/g, '')}__`;
}

/** Single-quotes a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function wrapCommand(command: string, cwd: string, marker: string): string {
  return [
    `cd ${shellQuote(cwd)} || exit 1`,
    command,
    '__phasegate_status=$?',
    // The empty line keeps the marker on a line of its own; the reader drops it again.
    'echo ""',
    `echo "${marker} $__phasegate_status $PWD"`,
    'env',
  ].join('\n');
}

/** What separates the command's output from the trailer, once line ends are LF. */
export function markerSeparator(marker: string): string {
  return `\n${marker}`;
}

export interface ShellTrailer {
  exitCode: number;
  cwd: string;
  /** The exported environment after the command, or null when `env` gave nothing usable. */
  env: Record<string, string> | null;
}

/** Parses what follows the marker: " STATUS PWD", then `env` output. */
export function parseTrailer(trailer: string): ShellTrailer | null {
  const [first = '', ...lines] = trailer.split('\n');
  const status = /^ (\d+) (.+)$/.exec(first.replace(/\r/g, ''));
  if (!status) return null;
  const env: Record<string, string> = {};
  let last: string | null = null;
  for (const line of lines) {
    const pair = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (pair) {
      last = pair[1] as string;
      env[last] = pair[2] as string;
    } else if (last !== null && line !== '' && !/^[^=\s]+=/.test(line)) {
      env[last] += `\n${line}`; // a value that spans lines
    }
  }
  return {
    exitCode: Number(status[1]),
    cwd: (status[2] as string).trim(),
    // Without PATH the dump clearly failed (e.g. no `env` command): keep the old environment.
    env: 'PATH' in env ? env : null,
  };
}
