import { stripTerminalEscapes } from '../sandbox/terminal-output';

// C0 controls but tab and newline (a lone CR would let text overwrite what came before it).

const C0_CONTROLS = /[\x00-\x08\x0b-\x1f]/g;
// DEL and the C1 controls: some terminals read U+009B as CSI and U+009D as OSC.
const DEL_AND_C1 = /[\x7f-\x9f]/g;

/**
 * Makes a line safe to write to a terminal: text from a model, a file or a command
 * may carry escape sequences that retitle the window, hide text or plant OSC 8
 * links. Escape sequences and control characters go; DEL and C1 controls are
 * written as \u escapes, which also keeps a JSON line valid and lossless.
 */
export function terminalSafe(line: string): string {
  return stripTerminalEscapes(line)
    .replace(C0_CONTROLS, '')
    .replace(DEL_AND_C1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
