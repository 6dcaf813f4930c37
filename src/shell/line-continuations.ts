/**
 * just-bash's transform trims the indentation of each line outside quotes and
 * heredoc bodies before it parses. After a backslash-newline that indentation
 * is what separates two words: bash reads `sort x\<newline> -o out` as
 * `sort x -o out`, the trimmed text reads as `sort x-o out`. Moving the
 * indentation in front of the backslash keeps the words bash sees and leaves
 * the trim nothing to take. The line walk mirrors the transform's own, so
 * nothing it would keep (quoted text, heredoc bodies) is touched.
 */
export function keepContinuationSpace(source: string): string {
  if (!source.includes('\\\n')) return source;
  const lines = source.split('\n');
  const heredocs: { delimiter: string; stripTabs: boolean }[] = [];
  let state: QuoteState = 'none';
  let continues = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    const open = heredocs.at(-1);
    if (open) {
      if ((open.stripTabs ? line.replace(/^\t+/, '') : line) === open.delimiter) heredocs.pop();
      continues = false;
      continue;
    }
    const indent = /^[ \t]+/.exec(line)?.[0];
    if (state === 'none' && continues && indent) {
      const previous = lines[i - 1] as string;
      lines[i - 1] = `${previous.slice(0, -1)}${indent}\\`;
      line = line.slice(indent.length);
      lines[i] = line;
    }
    const started = state;
    ({ state, continues } = scanLine(line, state));
    if (started !== 'none') continue;
    for (const match of line.trimStart().matchAll(/<<(-?)\s*(['"]?)([\w-]+)\2/g)) {
      heredocs.push({ delimiter: match[3] as string, stripTabs: match[1] === '-' });
    }
  }
  return lines.join('\n');
}

type QuoteState = 'none' | 'single' | 'double';

/** The quoting state at the end of a line, and whether it ends in a backslash that joins the next line. */
function scanLine(line: string, start: QuoteState): { state: QuoteState; continues: boolean } {
  let state = start;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (state === 'single') {
      if (c === "'") state = 'none';
    } else if (state === 'double') {
      if (c === '\\') i++;
      else if (c === '"') state = 'none';
    } else if (c === "'") state = 'single';
    else if (c === '"') state = 'double';
    else if (c === '\\') {
      if (i === line.length - 1) return { state, continues: true };
      i++;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) break;
  }
  return { state, continues: false };
}
