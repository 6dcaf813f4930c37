/**
 * Where the last `lines` lines of terminal text start: after a reset the terminal is given only the
 * text its scrollback can hold, so a replay seek back in a long session does not feed xterm (and
 * discard again) every line written before. Line ends are "\r\n" or "\n"; a text with fewer lines
 * starts at 0.
 */
export function scrollbackTailStart(text: string, lines: number): number {
  if (lines <= 0) return text.length;
  let at = text.length;
  // A line end as the text's last character closes the last line; it does not start another.
  if (text.endsWith('\n')) at -= 1;
  for (let seen = 0; seen < lines; seen++) {
    const newline = text.lastIndexOf('\n', at - 1);
    if (newline < 0) return 0;
    at = newline;
  }
  return at + 1;
}
