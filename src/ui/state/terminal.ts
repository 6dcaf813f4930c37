import { cutOutputNote } from '../../protocol/cut-output';
import type { EventOf } from '../../protocol/events';
import { exitLine, noteLine, promptLine, toTerminalNewlines } from '../terminal/format';

/** The Terminal's slice of the page state: what the commands printed, trimmed at the front when long. */

export interface TerminalState {
  /** xterm-ready text (ANSI kept, "\r\n" line ends), possibly trimmed at the front. */
  text: string;
  /** Characters trimmed from the front so far; `dropped + text.length` only grows. */
  dropped: number;
  atLineStart: boolean;
}

export const initialTerminal: TerminalState = { text: '', dropped: 0, atLineStart: true };

/** Keep at most this much terminal text; xterm keeps its own scrollback. */
export const TERMINAL_MAX_CHARS = 1_000_000;
const TERMINAL_KEEP_CHARS = 750_000;

export type CommandEvent = EventOf<'command_started' | 'command_output' | 'command_finished'>;

/** A command's prompt line, a piece of its output or its exit line. */
export function writeCommand<S extends { terminal: TerminalState }>(state: S, event: CommandEvent): S {
  switch (event.type) {
    case 'command_started':
      return writeTerminal(state, (atLineStart) => (atLineStart ? '' : '\r\n') + promptLine(event.command));
    case 'command_output': {
      // A stored output cut to its first megabyte says so after what it kept.
      const note = cutOutputNote(event);
      const output = writeTerminal(state, () => toTerminalNewlines(event.chunk));
      return note === null ? output : writeTerminal(output, (atLineStart) => noteLine(note, atLineStart));
    }
    case 'command_finished':
      return writeTerminal(state, (atLineStart) => (atLineStart ? '' : '\r\n') + exitLine(event));
  }
}

export function writeTerminal<S extends { terminal: TerminalState }>(state: S, text: (atLineStart: boolean) => string): S {
  const added = text(state.terminal.atLineStart);
  if (added === '') return state;
  let combined = state.terminal.text + added;
  let dropped = state.terminal.dropped;
  if (combined.length > TERMINAL_MAX_CHARS) {
    const cut = combined.length - TERMINAL_KEEP_CHARS;
    combined = combined.slice(cut);
    dropped += cut;
  }
  return {
    ...state,
    terminal: { text: combined, dropped, atLineStart: added.endsWith('\n') },
  };
}
