import type { MatchStrategy } from '../../../src/tools/edit';

/** One hand-written edit and exactly what must come of it. */
export interface EditCase {
  name: string;
  original: string;
  search: string;
  replace: string;
  expected: Applied | Refused;
}

export interface Applied {
  result: string;
  strategy: MatchStrategy;
  /** Replaced lines of the original, 1-based inclusive. */
  lines: [number, number];
}

export interface Refused {
  refused: RegExp;
  /** Line numbers of the candidate places listed, when the search was ambiguous. */
  candidates?: number[];
}

/** Lines joined with LF and a final newline. */
export const text = (...lines: string[]): string => `${lines.join('\n')}\n`;

export const applied = (result: string, strategy: MatchStrategy, lines: [number, number]): Applied => ({ result, strategy, lines });
export const refused = (pattern: RegExp, candidates?: number[]): Refused => (candidates ? { refused: pattern, candidates } : { refused: pattern });

const AMBIGUOUS = /matches \d+ places/;
const NOT_FOUND = /was not found in the file/;

const SUM_TWINS = text(
  'function sumA(items) {',
  '  let total = 0;',
  '  for (const item of items) total += item.price;',
  '  return total;',
  '}',
  'function sumB(items) {',
  '  let total = 0;',
  '  for (const item of items) total += item.price;',
  '  return total;',
  '}',
);

const PRICE_AND_COST = text(
  'function sumA(items) {',
  '  let total = 0;',
  '  for (const item of items) total += item.price;',
  '  return total;',
  '}',
  'function sumB(items) {',
  '  let total = 0;',
  '  for (const item of items) total += item.cost;',
  '  return total;',
  '}',
);

const DATES = text(
  'export function parseDate(text) {',
  '  const [year, month, day] = text.split("-").map(Number);',
  '  return new Date(Date.UTC(year, month - 1, day));',
  '}',
  '',
  'export function formatDate(date) {',
  '  const pad = (n) => String(n).padStart(2, "0");',
  '  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;',
  '}',
);

const LOADER = text(
  'def load_rows(path, delimiter=","):',
  '    with open(path, encoding="utf-8") as handle:',
  '        header = handle.readline().strip().split(delimiter)',
  '        count = 0',
  '        rows = []',
  '        for line in handle:',
  '            rows.append(dict(zip(header, line.strip().split(delimiter))))',
  '    return rows',
);

export const EDIT_CASES: EditCase[] = [
  // ── exact ──────────────────────────────────────────────────────────────
  { name: 'exact: one line in the middle', original: 'a\nb\nc\n', search: 'b', replace: 'B', expected: applied('a\nB\nc\n', 'exact', [2, 2]) },
  {
    name: 'whitespace: a 2-space search in a 4-space file comes out in 4-space steps',
    original: 'class A {\n    method() {\n        if (x) {\n            return 1;\n        }\n    }\n}\n',
    search: 'method() {\n  if (x) {\n    return 1;\n  }\n}',
    replace: 'method() {\n  if (x) {\n    log();\n    return 2;\n  }\n}',
    expected: applied('class A {\n    method() {\n        if (x) {\n            log();\n            return 2;\n        }\n    }\n}\n', 'whitespace', [2, 6]),
  },
  {
    name: 'whitespace: a 4-space search in a tab-indented 2-level file comes out in tabs',
    original: 'func() {\n\tif x {\n\t\treturn 1\n\t}\n}\n',
    search: 'if x {\n    return 1\n}',
    replace: 'if x {\n    return 2\n}',
    expected: applied('func() {\n\tif x {\n\t\treturn 2\n\t}\n}\n', 'indentation', [2, 4]),
  },
  {
    name: 'exact: part of a line',
    original: 'let total = price * qty;\n',
    search: 'price * qty',
    replace: 'price * quantity',
    expected: applied('let total = price * quantity;\n', 'exact', [1, 1]),
  },
  {
    name: 'exact: several whole lines',
    original: text('one', 'two', 'three', 'four'),
    search: 'two\nthree\n',
    replace: '2\n3\n',
    expected: applied(text('one', '2', '3', 'four'), 'exact', [2, 3]),
  },
  {
    name: 'exact: across the end of one line and the start of the next',
    original: 'a = 1; b = 2\nc = 3\n',
    search: 'b = 2\nc',
    replace: 'b = 5\nc',
    expected: applied('a = 1; b = 5\nc = 3\n', 'exact', [1, 2]),
  },
  {
    name: 'exact: replacement text is literal ($ patterns)',
    original: 'cost: X\n',
    search: 'X',
    replace: "$& $1 $$ $'",
    expected: applied("cost: $& $1 $$ $'\n", 'exact', [1, 1]),
  },
  { name: 'exact: the whole file', original: 'x\ny\n', search: 'x\ny\n', replace: 'z\n', expected: applied('z\n', 'exact', [1, 2]) },
  {
    name: 'exact: search equal to replace leaves the text as it was',
    original: 'a\nb\n',
    search: 'b',
    replace: 'b',
    expected: applied('a\nb\n', 'exact', [2, 2]),
  },
  {
    name: 'exact: two occurrences are refused with both places',
    original: text('x = 1', 'y = 2', 'x = 1'),
    search: 'x = 1',
    replace: 'x = 3',
    expected: refused(AMBIGUOUS, [1, 3]),
  },
  {
    name: 'exact: many occurrences list the first ten and count the rest',
    original: 'x\n'.repeat(12),
    search: 'x',
    replace: 'y',
    expected: refused(/matches 12 places[\s\S]*\n10\. line 10: x\n… and 2 more$/, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  },
  { name: 'exact: overlapping occurrences count as two', original: 'aaa\n', search: 'aa', replace: 'b', expected: refused(AMBIGUOUS, [1, 1]) },
  {
    name: 'exact: a unique exact match wins although looser steps would find two places',
    original: '  call();\ncall();\n',
    search: '  call();',
    replace: '  run();',
    expected: applied('  run();\ncall();\n', 'exact', [1, 1]),
  },
  {
    name: 'exact: an ambiguous exact match stops the chain (no fall-through to a looser step)',
    original: text('if a:', '    x = 1', 'if b:', '    x = 1'),
    // Without a final newline: a search ending in one stands for whole lines and would not match mid-line.
    search: 'x = 1',
    replace: 'x = 2',
    expected: refused(/\(exact match\)/, [2, 4]),
  },
  {
    name: 'exact: a single-line search that occurs once inside an indented line keeps the indentation',
    original: 'def greet():\n    print("hello")\n',
    search: 'print("hello")',
    replace: 'print("bye")',
    expected: applied('def greet():\n    print("bye")\n', 'exact', [2, 2]),
  },

  // ── deletion and insertion ─────────────────────────────────────────────
  { name: 'delete: a middle line', original: 'a\nb\nc\n', search: 'b\n', replace: '', expected: applied('a\nc\n', 'exact', [2, 2]) },
  { name: 'delete: the first line', original: 'first\nsecond\n', search: 'first\n', replace: '', expected: applied('second\n', 'exact', [1, 1]) },
  { name: 'delete: everything', original: 'only\n', search: 'only\n', replace: '', expected: applied('', 'exact', [1, 1]) },
  { name: 'delete: part of a line', original: 'foo(a, b, c);\n', search: ', c', replace: '', expected: applied('foo(a, b);\n', 'exact', [1, 1]) },
  {
    name: 'delete: the last line of a file without final newline, search with a newline',
    original: 'a\nb',
    search: 'b\n',
    replace: '',
    expected: applied('a', 'whitespace', [2, 2]),
  },
  {
    name: 'delete: a block with trailing spaces in the file',
    original: 'keep\ndrop me  \ndrop too\nkeep\n',
    search: 'drop me\ndrop too\n',
    replace: '',
    expected: applied('keep\nkeep\n', 'whitespace', [2, 3]),
  },
  {
    name: 'insert: after the last line',
    original: 'a\nlast\n',
    search: 'last\n',
    replace: 'last\nnew\n',
    expected: applied('a\nlast\nnew\n', 'exact', [2, 2]),
  },
  {
    name: 'insert: after the last line of a file without final newline',
    original: 'a\nlast',
    search: 'last',
    replace: 'last\nnew',
    expected: applied('a\nlast\nnew', 'exact', [2, 2]),
  },
  {
    name: 'insert: at the end, the search carrying a newline the file lacks (absence kept)',
    original: 'a\nlast',
    search: 'last\n',
    replace: 'last\nnew\n',
    expected: applied('a\nlast\nnew', 'whitespace', [2, 2]),
  },
  {
    name: 'insert: several lines at the end, search being the last two lines',
    original: text('import os', '', 'print(os.getcwd())'),
    search: '\nprint(os.getcwd())\n',
    replace: '\nprint(os.getcwd())\nprint(os.sep)\n',
    // The match starts at the newline ending the blank line 2.
    expected: applied(text('import os', '', 'print(os.getcwd())', 'print(os.sep)'), 'exact', [2, 3]),
  },
  { name: 'insert: before the first line', original: 'b\nc\n', search: 'b\n', replace: 'a\nb\n', expected: applied('a\nb\nc\n', 'exact', [1, 1]) },

  // ── refusals of bad input ──────────────────────────────────────────────
  { name: 'refuse: empty search', original: 'a\n', search: '', replace: 'x', expected: refused(/`search` is empty.*create_file/) },
  {
    name: 'insert: an empty search on an empty file writes the replacement',
    original: '',
    search: '',
    replace: 'x\n',
    expected: applied('x\n', 'exact', [1, 1]),
  },
  { name: 'refuse: any search on an empty file', original: '', search: 'a', replace: 'b', expected: refused(/file is empty/) },
  { name: 'refuse: binary content (NUL)', original: 'PK\u0003\u0004\u0000\u0000data\n', search: 'data', replace: 'x', expected: refused(/binary/) },
  { name: 'refuse: NUL in the search', original: 'a\n', search: 'a\u0000', replace: 'b', expected: refused(/NUL/) },
  { name: 'refuse: whitespace-only search found nowhere exactly', original: 'a\nb\n', search: '   \n', replace: 'x', expected: refused(/only whitespace/) },
  {
    name: 'exact: a whitespace-only search that occurs exactly once still applies',
    original: 'a\n  \nb\n',
    search: '  \n',
    replace: '-\n',
    expected: applied('a\n-\nb\n', 'exact', [2, 2]),
  },
  {
    name: 'not found: unrelated text is refused with the closest region',
    original: text('alpha', 'beta', 'gamma'),
    search: 'delta\nepsilon\n',
    replace: 'x',
    expected: refused(/not found[\s\S]*most similar part is lines? \d/),
  },
  {
    name: 'not found: a search longer than the whole file',
    original: 'abc\n',
    search: 'abc\ndef\nghi\njkl\n',
    replace: '',
    expected: refused(NOT_FOUND),
  },

  // ── trailing whitespace ────────────────────────────────────────────────
  {
    name: 'whitespace: trailing spaces in the file, none in the search',
    original: 'if (x) {   \n  y();\n}\n',
    search: 'if (x) {\n  y();\n',
    replace: 'if (x) {\n  z();\n',
    // The line the replacement keeps stays as the file has it, trailing spaces included.
    expected: applied('if (x) {   \n  z();\n}\n', 'whitespace', [1, 2]),
  },
  {
    name: 'whitespace: trailing spaces and tabs in the search only',
    original: 'a = 1\nb = 2\n',
    search: 'a = 1  \nb = 2\t\n',
    replace: 'a = 10\nb = 20\n',
    expected: applied('a = 10\nb = 20\n', 'whitespace', [1, 2]),
  },
  {
    name: 'whitespace: trailing whitespace on the last line of a file without final newline',
    original: 'a\nb',
    search: 'a\t\nb\t',
    replace: 'A\nB',
    expected: applied('A\nB', 'whitespace', [1, 2]),
  },
  {
    name: 'whitespace: the replacement keeps the final newline the block had',
    original: 'a  \nb\n',
    search: 'a\n',
    replace: 'A',
    expected: applied('A\nb\n', 'whitespace', [1, 1]),
  },
  {
    name: 'whitespace: two places equal up to trailing whitespace are refused',
    original: 'x  \ny\nx\ny\n',
    search: 'x \ny\n',
    replace: 'z\n',
    expected: refused(/ignoring trailing whitespace/, [1, 3]),
  },
  {
    name: 'whitespace: unique ignoring trailing whitespace although two places match ignoring all spacing',
    original: 'a  b  \nc\na b\nc\n',
    search: 'a  b\nc\n',
    replace: 'X\n',
    expected: applied('X\na b\nc\n', 'whitespace', [1, 2]),
  },

  // ── spacing inside lines ───────────────────────────────────────────────
  {
    name: 'whitespace: doubled space inside a line',
    original: 'const x = foo(a,  b);\nreturn x;\n',
    search: 'const x = foo(a, b);\nreturn x;\n',
    replace: 'const x = bar(a, b);\nreturn x;\n',
    expected: applied('const x = bar(a, b);\nreturn x;\n', 'whitespace', [1, 2]),
  },
  {
    name: 'whitespace: tabs between tokens',
    original: 'key\t=\tvalue\nnext\n',
    search: 'key = value\n',
    replace: 'key = other\n',
    expected: applied('key = other\nnext\n', 'whitespace', [1, 1]),
  },
  {
    name: 'whitespace: two lines equal once spacing is collapsed are refused',
    original: 'f(a, b)\nf(a,  b)\n',
    search: 'f(a,   b)\n',
    replace: 'g()\n',
    expected: refused(/ignoring spacing and indentation/, [1, 2]),
  },
  {
    name: 'whitespace: spacing and indentation both differ, replacement follows the file indentation',
    original: '    if (a  &&  b) {\n        go();\n    }\n',
    search: 'if (a && b) {\n    go();\n}\n',
    replace: 'if (a && b) {\n    stop();\n}\n',
    // The kept first line stays as the file has it; the new line follows the file's indentation.
    expected: applied('    if (a  &&  b) {\n        stop();\n    }\n', 'whitespace', [1, 3]),
  },
  {
    name: 'whitespace: flattened search (relative indentation lost) still lands, the new line at the depth of the line it replaces',
    original: 'def f():\n    if a:\n        b()\n',
    search: 'if a:\nb()\n',
    replace: 'if a:\nc()\n',
    expected: applied('def f():\n    if a:\n        c()\n', 'whitespace', [2, 3]),
  },

  // ── indentation ───────────────────────────────────────────────────────
  {
    name: 'indentation: dedented search in Python, replacement re-indented',
    original: text('def f():', '    if x:', '        return 1', '    return 2'),
    search: 'if x:\n    return 1\n',
    replace: 'if x:\n    return 10\n',
    expected: applied(text('def f():', '    if x:', '        return 10', '    return 2'), 'indentation', [2, 3]),
  },
  {
    name: 'indentation: search indented deeper than the file',
    original: text('class A:', '    def m(self):', '        pass'),
    search: '        def m(self):\n            pass\n',
    replace: '        def m(self):\n            return 42\n',
    expected: applied(text('class A:', '    def m(self):', '        return 42'), 'indentation', [2, 3]),
  },
  {
    name: 'indentation: tabs in the file, four spaces in the search',
    original: '\tif (a) {\n\t\tgo();\n\t}\n',
    search: '    if (a) {\n        go();\n    }\n',
    replace: '    if (a) {\n        stop();\n    }\n',
    expected: applied('\tif (a) {\n\t\tstop();\n\t}\n', 'indentation', [1, 3]),
  },
  {
    name: 'indentation: tabs in the file, two spaces in the search',
    original: text('func main() {', '\tif ok {', '\t\trun()', '\t}', '}'),
    search: '  if ok {\n    run()\n  }\n',
    replace: '  if ok {\n    run()\n    done()\n  }\n',
    expected: applied(text('func main() {', '\tif ok {', '\t\trun()', '\t\tdone()', '\t}', '}'), 'indentation', [2, 4]),
  },
  {
    name: 'indentation: spaces in the file, tabs in the search',
    original: '  a:\n    b: 1\n',
    search: '\ta:\n\t\tb: 1\n',
    replace: '\ta:\n\t\tb: 2\n',
    expected: applied('  a:\n    b: 2\n', 'indentation', [1, 2]),
  },
  {
    name: 'indentation: tabs in the search shifted one level out from a tab-indented file',
    original: 'x {\n\t\tif (a) {\n\t\t\tb();\n\t\t}\n}\n',
    search: '\tif (a) {\n\t\tb();\n\t}\n',
    replace: '\tif (a) {\n\t\tc();\n\t}\n',
    expected: applied('x {\n\t\tif (a) {\n\t\t\tc();\n\t\t}\n}\n', 'indentation', [2, 4]),
  },
  {
    name: 'indentation: two places with the same shape at different depths are refused',
    original: text('if a:', '    x = 1', 'else:', '    if a:', '        x = 1'),
    search: '  if a:\n      x = 1\n',
    replace: 'pass\n',
    expected: refused(/ignoring indentation/, [1, 4]),
  },
  {
    name: 'indentation: replacement lines shallower than the shift stop at column 0',
    original: '  a\n  b\n',
    search: '    a\n    b\n',
    replace: '    a\nc\n',
    expected: applied('  a\nc\n', 'indentation', [1, 2]),
  },
  {
    name: 'indentation: blank lines inside the block stay blank',
    original: text('def g():', '    a = 1', '', '    b = 2'),
    search: 'a = 1\n\nb = 2\n',
    replace: 'a = 1\n\nb = 3\n',
    expected: applied(text('def g():', '    a = 1', '', '    b = 3'), 'indentation', [2, 4]),
  },
  {
    name: 'indentation: a whitespace-only line in the file matches an empty search line',
    original: text('def g():', '    a = 1', '    ', '    b = 2'),
    search: 'a = 1\n\nb = 2\n',
    replace: 'a = 1\n\nb = 3\n',
    // The kept blank line stays as the file has it.
    expected: applied(text('def g():', '    a = 1', '    ', '    b = 3'), 'indentation', [2, 4]),
  },
  {
    name: 'indentation: new nested lines in the replacement keep their relative depth',
    original: text('fn x() {', '    if a {', '        b();', '    }', '}'),
    search: 'if a {\n    b();\n}\n',
    replace: 'if a {\n    b();\n    if c {\n        d();\n    }\n}\n',
    expected: applied(text('fn x() {', '    if a {', '        b();', '        if c {', '            d();', '        }', '    }', '}'), 'indentation', [2, 4]),
  },
  {
    name: 'indentation: relative indentation must agree (a different shape is not an indentation match)',
    original: text('if a:', '    x = 1', 'y = 2'),
    search: 'if a:\n  x = 1\n  y = 2\n',
    replace: 'pass\n',
    expected: applied('pass\n', 'whitespace', [1, 3]),
  },

  // ── fuzzy ────────────────────────────────────────────────────────────
  {
    name: 'fuzzy: one mistyped identifier in lines the replacement removes is refused, naming the line',
    original: text('function add(a, b) {', '  const total = a + b;', '  return total;', '}'),
    search: 'function add(a, b) {\n  const totl = a + b;\n  return totl;\n}\n',
    replace: 'function add(a, b) {\n  return a + b;\n}\n',
    expected: refused(/^Line 2 of your search, which your replacement changes, is not what the file has: line 2 of the file reads `const total = a \+ b;`/),
  },
  {
    name: 'fuzzy: a typo in one function when its neighbour is clearly different',
    original: DATES,
    search:
      'export function parseDat(text) {\n  const [year, month, day] = text.split("-").map(Number);\n  return new Date(Date.UTC(year, month - 1, day));\n}\n',
    replace: 'export function parseDate(text) {\n  return new Date(`${text}T00:00:00Z`);\n}\n',
    expected: applied(
      DATES.replace(/export function parseDate[\s\S]*?\n}\n/, 'export function parseDate(text) {\n  return new Date(`${text}T00:00:00Z`);\n}\n'),
      'fuzzy',
      [1, 4],
    ),
  },
  {
    name: 'fuzzy: two identical functions, search like both, is refused with both places',
    original: SUM_TWINS,
    search: 'function sumC(items) {\n  let total = 0;\n  for (const item of items) total += item.price;\n  return total;\n}\n',
    replace: 'function sumC() {}\n',
    expected: refused(/fuzzy match/, [1, 6]),
  },
  {
    name: 'fuzzy: two similar functions, search slightly closer to one but not clearly, is refused',
    original: PRICE_AND_COST,
    search: 'function sumX(items) {\n  let total = 0;\n  for (const item of items) total += item.pric;\n  return total;\n}\n',
    replace: 'function sumX() {}\n',
    expected: refused(/fuzzy match/, [1, 6]),
  },
  {
    name: 'fuzzy: same first and last lines but a different middle is not a match',
    original: text(
      'function handler(req, res) {',
      '  const id = req.params.id;',
      '  const user = db.users.find(id);',
      '  if (!user) return res.status(404).end();',
      '  res.json(user);',
      '}',
    ),
    search: 'function handler(req, res) {\n  const body = JSON.parse(req.body);\n  queue.push(body);\n  log("queued", body.kind);\n  res.json(user);\n}\n',
    replace: '// gone\n',
    expected: refused(NOT_FOUND),
  },
  {
    name: 'fuzzy: a search missing one short line, replaced wholesale, is refused (the line may or may not belong in the new text)',
    original: LOADER,
    search: text(
      'def load_rows(path, delimiter=","):',
      '    with open(path, encoding="utf-8") as handle:',
      '        header = handle.readline().strip().split(delimiter)',
      '        rows = []',
      '        for line in handle:',
      '            rows.append(dict(zip(header, line.strip().split(delimiter))))',
      '    return rows',
    ),
    replace: 'def load_rows(path):\n    return list(csv.DictReader(open(path)))\n',
    expected: refused(/^The file has line 4 \(`count = 0`\) where your search leaves it out, right where your replacement adds lines/),
  },
  {
    name: 'fuzzy: a search with one extra short line that the replacement removes is refused',
    original: `# header\n${LOADER}# footer\n`,
    search: text(
      'def load_rows(path, delimiter=","):',
      '    with open(path, encoding="utf-8") as handle:',
      '        header = handle.readline().strip().split(delimiter)',
      '        count = 0',
      '        rows = []',
      '        debug = 1',
      '        for line in handle:',
      '            rows.append(dict(zip(header, line.strip().split(delimiter))))',
      '    return rows',
    ),
    replace: 'def load_rows(path):\n    return []\n',
    expected: refused(/^Line 6 of your search, `debug = 1`, is not in the file there, and your replacement changes or removes it/),
  },
  {
    name: 'fuzzy: typo and a different indentation, the typo in a kept line: replacement follows the file',
    original: text('class Cart:', '    def total(self):', '        return sum(item.price for item in self.items)'),
    search: 'def totl(self):\n    return sum(item.price for item in self.items)\n',
    replace: 'def totl(self):\n    return sum(item.price * item.qty for item in self.items)\n',
    expected: applied(text('class Cart:', '    def total(self):', '        return sum(item.price * item.qty for item in self.items)'), 'fuzzy', [2, 3]),
  },
  {
    name: 'fuzzy: repeated lines where two shifted places score the same are refused',
    original: text('x = 1;', 'x = 1;', 'x = 1;'),
    search: 'x = 1;\nx = 2;\n',
    replace: 'y;\n',
    expected: refused(/fuzzy match/),
  },
  {
    name: 'fuzzy: too different everywhere is not found, with the similarity shown',
    original: text('const a = compute(1, 2);', 'const b = compute(3, 4);'),
    search: 'const q = transform(9, 8);\n',
    replace: 'x\n',
    expected: refused(/similarity 0\.\d\d; a fuzzy match needs 0\.85/),
  },

  // Regressions found by bench/edit-accuracy.ts: each of these once landed in the wrong place.
  {
    name: 'fuzzy: a rival below the threshold but within the margin still blocks the match',
    original: text(
      'let QXZha = beta + gamma;',
      'let QXZta = alpha * beta;',
      'let QXZga = delta - alpha;',
      'prinQXZlpha, delta, omega);',
      '',
      '# ----',
      '',
      'let QXZWa = beta + gamma;',
      'let QXZWa = alpha * beta;',
      'let QXZWa = delta - alpha;',
      'prinQXZWVha, delta, omega);',
    ),
    search: text('let alpha = beta + gamma;', 'let delta = alpha * beta;', 'let omega = delta - alpha;', 'print(alpha, delta, omega);'),
    replace: 'x\n',
    // similarity 0.89 and 0.84: the second is under 0.85 but within 0.05 of the first
    expected: refused(/fuzzy match[\s\S]*similarity 0\.89\)[\s\S]*similarity 0\.84\)/, [1, 8]),
  },
  {
    name: 'fuzzy: a missing line next to a short first line is not papered over by dropping that line',
    original: text(
      '    });',
      '    if (prev === undefined) {',
      '        if (next !== undefined && next !== GLOBSTAR) {',
      '            pp[i + 1] = prefix + next;',
      '        }',
      '        else {',
      '            pp[i] = twoStar;',
      '        }',
      '    }',
    ),
    search: text(
      '    });',
      '        if (next !== undefined && next !== GLOBSTAR) {',
      '            pp[i + 1] = prefix + next;',
      '        }',
      '        else {',
      '            pp[i] = twoStar;',
      '        }',
    ),
    replace: 'x\n',
    expected: refused(/lacks line 1 of your search/),
  },
  {
    name: 'fuzzy: a missing line before trailing blank lines is refused, not cut short',
    original: text(
      'async def run():',
      '    it = async_iterate()',
      '    await it.aclose()',
      '    await it.aclose()',
      '',
      'self.loop.run_until_complete(run())',
      '',
      'def test_next(self):',
      '    pass',
    ),
    search: text('async def run():', '    it = async_iterate()', '    await it.aclose()', '    await it.aclose()', '', ''),
    replace: 'x\n',
    expected: refused(/blank lines at its ends set aside\)[\s\S]*line 7: \(blank line\)/, [1, 7]),
  },
  {
    name: 'fuzzy: a search taken from one of two near-identical methods, minus a line, is refused',
    original: text(
      'class Reader:',
      '    def __init__(self, f):',
      '        self._opened = None',
      '        if isinstance(f, str):',
      "            f = builtins.open(f, 'rb')",
      '            self._opened = f',
      '        # else, assume it is an open file object already',
      '        try:',
      '            self.initfp(f)',
      '        except:',
      '            raise',
      '',
      'class Writer:',
      '    def __init__(self, f):',
      '        self._opened = None',
      '        if isinstance(f, str):',
      "            f = builtins.open(f, 'wb')",
      '            self._opened = f',
      '        try:',
      '            self.initfp(f)',
      '        except:',
      '            raise',
    ),
    search: text(
      '        self._opened = None',
      '        if isinstance(f, str):',
      "            f = builtins.open(f, 'rb')",
      '            self._opened = f',
      '        try:',
      '            self.initfp(f)',
      '        except:',
      '            raise',
    ),
    replace: 'x\n',
    expected: refused(/line 3 of your search, word for word/, [5, 15]),
  },
  {
    name: 'fuzzy: a missing second line does not make the block start one line late',
    original: text(
      'def test_copy(self):',
      '    s = slice(1, 10)',
      '    c = copy.deepcopy(s)',
      '    self.assertEqual(s, c)',
      '',
      '    s = slice(1, 10, 2)',
      '    c = copy.deepcopy(s)',
      '    self.assertEqual(s, c)',
      '',
      '    # Corner case for mutable indices:',
      '    s = slice([1, 2], [3, 4], [5, 6])',
    ),
    search: text(
      '    s = slice(1, 10)',
      '    self.assertEqual(s, c)',
      '',
      '    s = slice(1, 10, 2)',
      '    c = copy.deepcopy(s)',
      '    self.assertEqual(s, c)',
      '',
      '    # Corner case for mutable indices:',
      '    s = slice([1, 2], [3, 4], [5, 6])',
    ),
    replace: text(
      '    s = slice(1, 10)',
      '    self.assertEqual(s, c)',
      '',
      '    s = slice(1, 10, 2)',
      '    c = copy.deepcopy(s)',
      '    self.assertEqual(s, c)',
      '',
      '    # Corner case: mutable indices',
      '    s = slice([1, 2], [3, 4], [5, 6])',
    ),
    // The left-out line 3 stays in place.
    expected: applied(
      text(
        'def test_copy(self):',
        '    s = slice(1, 10)',
        '    c = copy.deepcopy(s)',
        '    self.assertEqual(s, c)',
        '',
        '    s = slice(1, 10, 2)',
        '    c = copy.deepcopy(s)',
        '    self.assertEqual(s, c)',
        '',
        '    # Corner case: mutable indices',
        '    s = slice([1, 2], [3, 4], [5, 6])',
      ),
      'fuzzy',
      [2, 11],
    ),
  },
  {
    name: 'fuzzy: rows of a table that look alike are not shifted onto a neighbour',
    original: text(
      'encoding_map = {',
      '    0x040c: 0x0097,     #  CYRILLIC CAPITAL LETTER KJE',
      '    0x040e: 0x0099,     #  CYRILLIC CAPITAL LETTER SHORT U',
      '    0x040f: 0x009b,     #  CYRILLIC CAPITAL LETTER DZHE',
      '    0x0410: 0x00a1,     #  CYRILLIC CAPITAL LETTER A',
      '    0x0411: 0x00a3,     #  CYRILLIC CAPITAL LETTER BE',
      '}',
    ),
    search: text(
      '    0x040c: 0x0097,     #  CYRILLIC CAPITAL LETTER KJE',
      '    0x040f: 0x009b,     #  CYRILLIC CAPITAL LETTER DZHE',
      '    0x0410: 0x00a1,     #  CYRILLIC CAPITAL LETTER A',
      '    0x0411: 0x00a3,     #  CYRILLIC CAPITAL LETTER BE',
    ),
    replace: 'x\n',
    expected: refused(/word for word outside the closest block/),
  },
  {
    name: 'indentation: a file mixing a tab-indented line into space indentation keeps the mix',
    original: text('function useColors() {', '\t// NB: In an Electron preload script', '  if (x) {', '    return true;', '  }', '}'),
    search: text('  function useColors() {', '  \t// NB: In an Electron preload script', '    if (x) {', '      return true;', '    }', '  }'),
    replace: text('  function useColors() {', '  \t// NB: In an Electron preload script', '    if (x) {', '      return false;', '    }', '  }'),
    expected: applied(
      text('function useColors() {', '\t// NB: In an Electron preload script', '  if (x) {', '    return false;', '  }', '}'),
      'indentation',
      [1, 6],
    ),
  },

  // ── line endings ──────────────────────────────────────────────────────
  {
    name: 'crlf: LF search and replacement in a CRLF file, written back with CRLF',
    original: 'crlf\r\nline\r\n',
    search: 'crlf\nline\n',
    replace: 'A\nB\nC\n',
    expected: applied('A\r\nB\r\nC\r\n', 'exact', [1, 2]),
  },
  { name: 'crlf: search given with CRLF', original: 'a\r\nb\r\n', search: 'a\r\nb\r\n', replace: 'x\r\n', expected: applied('x\r\n', 'exact', [1, 2]) },
  { name: 'crlf: part of a line', original: 'crlf\r\nline\r\n', search: 'line', replace: 'LINE', expected: applied('crlf\r\nLINE\r\n', 'exact', [2, 2]) },
  { name: 'crlf: no final newline stays so', original: 'a\r\nb', search: 'b', replace: 'b\nc', expected: applied('a\r\nb\r\nc', 'exact', [2, 2]) },
  { name: 'crlf: deleting a line', original: 'a\r\nb\r\nc\r\n', search: 'b\n', replace: '', expected: applied('a\r\nc\r\n', 'exact', [2, 2]) },
  { name: 'crlf: deleting the last line without final newline', original: 'a\r\nb', search: 'b\n', replace: '', expected: applied('a', 'whitespace', [2, 2]) },
  {
    name: 'crlf: trailing whitespace step',
    original: 'if (a) {  \r\n  b();\r\n}\r\n',
    search: 'if (a) {\n  b();\n',
    replace: 'if (a) {\n  c();\n',
    expected: applied('if (a) {  \r\n  c();\r\n}\r\n', 'whitespace', [1, 2]),
  },
  {
    name: 'crlf: indentation step',
    original: 'class A:\r\n    def m(self):\r\n        pass\r\n',
    search: 'def m(self):\n    pass\n',
    replace: 'def m(self):\n    return 1\n',
    expected: applied('class A:\r\n    def m(self):\r\n        return 1\r\n', 'indentation', [2, 3]),
  },
  { name: 'crlf: a CRLF search in an LF file', original: 'a\nb\n', search: 'a\r\nb\r\n', replace: 'c\r\n', expected: applied('c\n', 'exact', [1, 2]) },
  {
    name: 'mixed: same line count keeps each line its ending',
    original: 'x\r\ny\nz\r\n',
    search: 'y\nz',
    replace: 'Y\nZ',
    expected: applied('x\r\nY\nZ\r\n', 'exact', [2, 3]),
  },
  {
    name: 'mixed: a grown LF line in a CRLF file stays LF',
    original: 'x\r\ny\nz\r\n',
    search: 'y\n',
    replace: 'y1\ny2\n',
    expected: applied('x\r\ny1\ny2\nz\r\n', 'exact', [2, 2]),
  },
  {
    name: 'mixed: untouched lines keep their endings byte for byte',
    original: 'a\nb\r\nc\n',
    search: 'c',
    replace: 'C',
    expected: applied('a\nb\r\nC\n', 'exact', [3, 3]),
  },
  { name: 'lone CR inside a line is content', original: 'a\rb\nc\n', search: 'c', replace: 'd', expected: applied('a\rb\nd\n', 'exact', [2, 2]) },
  { name: 'final newline absent: exact edit of the last line', original: 'a\nb', search: 'b', replace: 'B', expected: applied('a\nB', 'exact', [2, 2]) },

  // ── unicode ──────────────────────────────────────────────────────────
  {
    name: 'unicode: emoji in search and replacement',
    original: 'greet = "hi 👋"\nnext\n',
    search: '"hi 👋"',
    replace: '"bye 👋🏽"',
    expected: applied('greet = "bye 👋🏽"\nnext\n', 'exact', [1, 1]),
  },
  {
    name: 'unicode: CJK lines',
    original: '# 标题\n内容：一\n内容：二\n',
    search: '内容：二',
    replace: '内容：三',
    expected: applied('# 标题\n内容：一\n内容：三\n', 'exact', [3, 3]),
  },
  {
    name: 'unicode: a combining accent differs from the precomposed letter',
    original: 'caf\u00e9\ncafe\u0301\n',
    search: 'cafe\u0301',
    replace: 'tea',
    expected: applied('caf\u00e9\ntea\n', 'exact', [2, 2]),
  },
  {
    name: 'unicode: indentation step with CJK content',
    original: '  - 項目一\n  - 項目二\n',
    search: '- 項目一\n- 項目二\n',
    replace: '- 項目一\n- 項目三\n',
    expected: applied('  - 項目一\n  - 項目三\n', 'indentation', [1, 2]),
  },
  {
    name: 'unicode: fuzzy with emoji and Japanese text, the misspelt line kept as the file has it',
    original: text('const labels = {', '  ok: "✅ 完了しました",', '  fail: "❌ 失敗しました",', '  wait: "⏳ 待機中です",', '};'),
    search: 'const labels = {\n  ok: "✅ 完了しました",\n  fial: "❌ 失敗しました",\n  wait: "⏳ 待機中です",\n};\n',
    replace: 'const labels = {\n  ok: "✅ 完了",\n  fial: "❌ 失敗しました",\n  wait: "⏳ 待機",\n};\n',
    expected: applied(text('const labels = {', '  ok: "✅ 完了",', '  fail: "❌ 失敗しました",', '  wait: "⏳ 待機",', '};'), 'fuzzy', [1, 5]),
  },
  {
    name: 'unicode: emoji before the match do not shift the reported lines',
    original: '🎉🎉🎉\n🎉 x\n👍 y\n',
    search: '👍 y',
    replace: '👍 z',
    expected: applied('🎉🎉🎉\n🎉 x\n👍 z\n', 'exact', [3, 3]),
  },
  {
    name: 'unicode: a no-break space is content, not whitespace',
    original: 'x =\u00a0y\n',
    search: 'x = y',
    replace: 'x = z',
    expected: refused(NOT_FOUND),
  },
];
