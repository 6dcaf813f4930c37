/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: the rows of
 * `.each` (an array of arrays, of objects or of single values, or jest's template table) and
 * the titles made from them (`%s %d %i %f %j %o %O %p %# %$ %%`, `$name` and `$a.b` for objects).
 */
export const GUEST_VITEST_EACH = String.raw`
/** The rows of a table: each row is the list of arguments the test receives. */
function eachRows(args) {
  const [first, ...values] = args;
  if (Array.isArray(first) && Array.isArray(first.raw)) {
    const headingLine = String(first[0]).split('\n').find((line) => line.trim() !== '') || '';
    const headings = headingLine.split('|').map((h) => h.trim()).filter(Boolean);
    if (headings.length === 0) throw new Error('.each: the table has no headings');
    if (values.length % headings.length !== 0) throw new Error('.each: the table has ' + values.length + ' values for ' + headings.length + ' headings');
    const rows = [];
    for (let i = 0; i < values.length; i += headings.length) {
      const row = {};
      headings.forEach((heading, j) => { row[heading] = values[i + j]; });
      rows.push([row]);
    }
    return rows;
  }
  if (!Array.isArray(first)) throw new TypeError('.each expects an array (or a template table), got ' + inspect(first));
  return first.map((row) => (Array.isArray(row) ? row : [row]));
}
function titleValue(value) { return typeof value === 'string' ? value : inspect(value, { depth: 1 }); }
function valueAtPath(object, path) {
  let current = object;
  for (const key of path.split('.')) {
    if (current === null || current === undefined || !(key in Object(current))) return { found: false };
    current = current[key];
  }
  return { found: true, value: current };
}
function eachTitle(title, row, index) {
  let next = 0;
  let out = String(title).replace(/%([sdifjoOp#$%])/g, (match, spec) => {
    if (spec === '%') return '%';
    if (spec === '#') return String(index);
    if (spec === '$') return String(index + 1);
    if (next >= row.length) return match;
    const arg = row[next++];
    switch (spec) {
      case 's': return titleValue(arg);
      case 'd': return String(Number(arg));
      case 'i': return String(parseInt(arg, 10));
      case 'f': return String(parseFloat(arg));
      case 'j': try { return JSON.stringify(arg); } catch (err) { return '[Circular]'; }
      default: return inspect(arg, { depth: 1 });
    }
  });
  const only = row.length === 1 ? row[0] : undefined;
  if (only !== null && typeof only === 'object' && !Array.isArray(only)) {
    out = out.replace(/\$([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)/g, (match, path) => {
      const found = valueAtPath(only, path);
      return found.found ? inspect(found.value, { depth: 1 }) : match;
    });
  }
  return out;
}
`;
