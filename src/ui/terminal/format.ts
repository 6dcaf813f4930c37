import { stripTerminalEscapes } from '../../sandbox/terminal-output';

/**
 * Turns command events into the text xterm receives. xterm needs "\r\n" to
 * return to column 0; programs print a lone "\n".
 */
export function toTerminalNewlines(chunk: string): string {
  return chunk.replace(/(?<!\r)\n/g, '\r\n');
}

const BOLD_GREEN = '\x1b[1;32m';
const DIM = '\x1b[2m';
const RED = '\x1b[31m';
const RESET = '\x1b[0m';

export function promptLine(command: string): string {
  return `${BOLD_GREEN}$${RESET} ${toTerminalNewlines(command)}\r\n`;
}

export interface CommandEnd {
  exitCode: number;
  timedOut: boolean;
  aborted: boolean;
}

export function exitLine({ exitCode, timedOut, aborted }: CommandEnd): string {
  const notes = [timedOut ? 'timed out' : null, aborted ? 'aborted' : null].filter((n) => n !== null);
  const label = [`exit ${exitCode}`, ...notes].join(', ');
  const color = exitCode === 0 && notes.length === 0 ? DIM : RED;
  return `${color}[${label}]${RESET}\r\n`;
}

/** A dim line of the Terminal's own, such as what a stored output left out. */
export function noteLine(note: string, atLineStart: boolean): string {
  return `${atLineStart ? '' : '\r\n'}${DIM}${note}${RESET}\r\n`;
}

/** Where a later run of the session begins in the terminal: a dim rule naming the run and its task. */
export function runDividerLine(run: number, task: string, atLineStart: boolean): string {
  // The task is the user's text: no control character of it reaches xterm.
  const oneLine = task.replace(/[\s\x00-\x1f\x7f-\x9f]+/g, ' ').trim();
  const shown = oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
  return `${atLineStart ? '' : '\r\n'}\r\n${DIM}── Run ${run}: ${shown} ──${RESET}\r\n`;
}

/** The terminal text as plain lines, for the screen-reader log and tests. */
export function toPlainText(terminalText: string): string {
  return stripTerminalEscapes(terminalText).replace(/\r\n/g, '\n').replace(/\r/g, '');
}
