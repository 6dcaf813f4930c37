/** Lines as tree-sitter counts rows: split on \n only (a \r stays at the end of its line). */
export function splitLines(source: string): string[] {
  return source.split('\n');
}

/** Lines `startLine..endLine` (1-based, inclusive) of `source`, without line numbers. */
export function sliceLines(source: string, startLine: number, endLine: number): string {
  return splitLines(source)
    .slice(Math.max(0, startLine - 1), Math.max(0, endLine))
    .map((line) => line.replace(/\r$/, ''))
    .join('\n');
}

/** The same lines, each prefixed with its right-aligned number: `  12 | text`. */
export function numberedLines(source: string, startLine: number, endLine: number): string {
  const width = String(endLine).length;
  return sliceLines(source, startLine, endLine)
    .split('\n')
    .map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`)
    .join('\n');
}
