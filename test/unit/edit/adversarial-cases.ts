import { applied, type EditCase, refused, text } from './edit-cases';

/**
 * Edits a careless model sends, one table per class of wrong result the engine
 * used to apply (issue 9, "Edits"), each with what a careful engineer wants the
 * file to become, or a refusal that names what is wrong.
 */

const NOT_FOUND = /was not found in the file/;

const SUBTOTAL = text('function subtotal(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}');

const AREA = text('def area(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result');

const EXPORT_JOB = text(
  'async function runExport(job) {',
  '  logger.info("starting the nightly export job");',
  '  const rows = await job.fetchRows();',
  '  await job.write(rows);',
  '}',
);

const RUNNER = text(
  'function run(job) {',
  '  const started = Date.now();',
  '  job.prepare(options);',
  '  job.execute();',
  '  report(job, Date.now() - started);',
  '}',
);

const LOADER = text(
  'def load(path):',
  '    with open(path) as handle:',
  '        header = handle.readline().split(",")',
  '        count = 0',
  '        rows = []',
  '        for line in handle:',
  '            rows.append(line.split(","))',
  '    return header, rows',
);

const LOADER_WITHOUT_COUNT = text(
  'def load(path):',
  '    with open(path) as handle:',
  '        header = handle.readline().split(",")',
  '        rows = []',
  '        for line in handle:',
  '            rows.append(line.split(","))',
  '    return header, rows',
);

const CLOSE_ALL = text(
  'def close_all(self):',
  '    self.flush_pending_writes()',
  '    self.reader.close()',
  '    self.writer.close()',
  '    self.writer.close()',
  '    self.log("all streams are closed now")',
  '    return self.summary()',
);

const INNER = text(
  'function outer() {',
  '  function inner() {',
  '    if (pending) {',
  '      flush(queue, options);',
  '      pending = false;',
  '    }',
  '  }',
  '  return inner;',
  '}',
);

/** Class 1: every non-exact match is applied as a patch; the file's own lines win where the search misremembers them. */
export const PATCH_CASES: EditCase[] = [
  {
    name: 'patch: a search naming `total` that fuzzy-matches `subtotal` keeps the name `subtotal`',
    original: SUBTOTAL,
    search: SUBTOTAL.replace('subtotal', 'total'),
    replace: SUBTOTAL.replace('subtotal', 'total').replace('item.price;', 'item.price * item.qty;'),
    expected: applied(SUBTOTAL.replace('item.price;', 'item.price * item.qty;'), 'fuzzy', [1, 5]),
  },
  {
    name: 'patch: a search whose last line is not in the file does not overwrite that line',
    original: AREA,
    search: text('def area(r):', '    pi = 3.14159', '    result = pi * r * r', '    return res'),
    replace: text('def area(r):', '    pi = math.pi', '    result = pi * r * r', '    return res'),
    expected: applied(AREA.replace('3.14159', 'math.pi'), 'fuzzy', [1, 4]),
  },
  {
    name: 'patch: a misremembered first line the replacement keeps stays as the file has it',
    original: AREA,
    search: text('def aera(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result'),
    replace: text('def aera(r):', '    pi = 3.14159', '    result = pi * r ** 2', '    return result'),
    expected: applied(AREA.replace('pi * r * r', 'pi * r ** 2'), 'fuzzy', [1, 4]),
  },
  {
    name: 'patch: two misremembered context lines are both kept from the file',
    original: EXPORT_JOB,
    search: text(
      'async function runExprt(job) {',
      '  logger.info("starting the nightly export job");',
      '  const rows = await job.fetchRows();',
      '  await job.writ(rows);',
      '}',
    ),
    replace: text(
      'async function runExprt(job) {',
      '  logger.info("starting the nightly export job");',
      '  const rows = await job.fetchRows({ limit: 500 });',
      '  await job.writ(rows);',
      '}',
    ),
    expected: applied(EXPORT_JOB.replace('job.fetchRows()', 'job.fetchRows({ limit: 500 })'), 'fuzzy', [1, 5]),
  },
  {
    name: 'patch: a misremembered line the replacement changes is refused, naming the line and the file text',
    original: EXPORT_JOB,
    search: EXPORT_JOB.replace('nightly export job', 'nightly import job'),
    replace: EXPORT_JOB.replace('starting the nightly export job', 'export started'),
    expected: refused(
      /^Line 2 of your search, which your replacement changes, is not what the file has: line 2 of the file reads `logger\.info\("starting the nightly export job"\);`, your search has `logger\.info\("starting the nightly import job"\);`[\s\S]*The search matched lines 1–5/,
    ),
  },
  {
    name: 'patch: the refusal of a misremembered changed line shows the file lines and how the search differs',
    original: EXPORT_JOB,
    search: EXPORT_JOB.replace('nightly export job', 'nightly import job'),
    replace: EXPORT_JOB.replace('starting the nightly export job', 'export started'),
    expected: refused(
      / {4}2 \| {3}logger\.info\("starting the nightly export job"\);[\s\S]*- file, \+ search[\s\S]*- {3}logger\.info\("starting the nightly export job"\);\n\+ {3}logger\.info\("starting the nightly import job"\);/,
    ),
  },
  {
    name: 'patch: a misremembered line the replacement deletes is refused',
    original: EXPORT_JOB,
    search: EXPORT_JOB.replace('job.fetchRows()', 'job.fetchAllRows()'),
    replace: EXPORT_JOB.replace('  const rows = await job.fetchRows();\n', ''),
    expected: refused(
      /^Line 3 of your search, which your replacement changes, is not what the file has: line 3 of the file reads `const rows = await job\.fetchRows\(\);`/,
    ),
  },
  {
    name: 'patch: a misremembered first line the replacement changes is refused',
    original: AREA,
    search: text('def aera(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result'),
    replace: text('def circle_area(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result'),
    expected: refused(/^Line 1 of your search, which your replacement changes, is not what the file has: line 1 of the file reads `def area\(r\):`/),
  },
  {
    name: 'patch: a typo the replacement corrects to what the file already says is applied, the file line unchanged',
    original: text('function add(a, b) {', '  const total = a + b;', '  return total;', '}'),
    search: text('function add(a, b) {', '  const total = a + b;', '  retrun total;', '}'),
    replace: text('function add(a, b) {', '  const total = a + b + 0;', '  return total;', '}'),
    expected: applied(text('function add(a, b) {', '  const total = a + b + 0;', '  return total;', '}'), 'fuzzy', [1, 4]),
  },
  {
    name: 'patch: a context line the search has but the file lacks is not written into the file',
    original: RUNNER,
    search: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  debug();',
      '  job.execute();',
      '  report(job, Date.now() - started);',
      '}',
    ),
    replace: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  debug();',
      '  job.execute({ retries: 3 });',
      '  report(job, Date.now() - started);',
      '}',
    ),
    expected: applied(RUNNER.replace('job.execute();', 'job.execute({ retries: 3 });'), 'fuzzy', [1, 6]),
  },
  {
    name: 'patch: a search line the file lacks that the replacement removes is refused',
    original: RUNNER,
    search: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  debug();',
      '  job.execute();',
      '  report(job, Date.now() - started);',
      '}',
    ),
    replace: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  job.execute();',
      '  report(job, Date.now() - started);',
      '}',
    ),
    expected: refused(/^Line 4 of your search, `debug\(\);`, is not in the file there, and your replacement changes or removes it/),
  },
  {
    name: 'patch: new lines placed next to a search line the file lacks are refused',
    original: RUNNER,
    search: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  debug();',
      '  job.execute();',
      '  report(job, Date.now() - started);',
      '}',
    ),
    replace: text(
      'function run(job) {',
      '  const started = Date.now();',
      '  job.prepare(options);',
      '  debug();',
      '  job.validate();',
      '  job.execute();',
      '  report(job, Date.now() - started);',
      '}',
    ),
    expected: refused(/^Line 4 of your search, `debug\(\);`, is not in the file there, and your replacement adds lines next to it/),
  },
  {
    name: 'patch: a file line the search skipped stays in place when the replacement changes another line',
    original: LOADER,
    search: LOADER_WITHOUT_COUNT,
    replace: LOADER_WITHOUT_COUNT.replace('rows.append(line.split(","))', 'rows.append(line.strip().split(","))'),
    expected: applied(LOADER.replace('rows.append(line.split(","))', 'rows.append(line.strip().split(","))'), 'fuzzy', [1, 8]),
  },
  {
    name: 'patch: a skipped file line where the replacement adds lines is refused, naming the line',
    original: LOADER,
    search: LOADER_WITHOUT_COUNT,
    replace: LOADER_WITHOUT_COUNT.replace('        rows = []\n', '        total = 0\n        rows = []\n'),
    expected: refused(/^The file has line 4 \(`count = 0`\) where your search leaves it out, right where your replacement adds lines/),
  },
  {
    name: 'patch: a skipped file line that the replacement itself holds is written once',
    original: LOADER,
    search: LOADER_WITHOUT_COUNT,
    replace: LOADER_WITHOUT_COUNT.replace('        rows = []\n', '        count = 0\n        total = 0\n        rows = []\n'),
    expected: applied(LOADER.replace('        count = 0\n', '        count = 0\n        total = 0\n'), 'fuzzy', [1, 8]),
  },
  {
    name: 'patch: a repeated line the search has once, restored by the replacement, is not doubled',
    original: CLOSE_ALL,
    search: CLOSE_ALL.replace('    self.writer.close()\n', ''),
    replace: CLOSE_ALL.replace('are closed now', 'closed'),
    expected: applied(CLOSE_ALL.replace('are closed now', 'closed'), 'fuzzy', [1, 7]),
  },
  {
    name: 'patch: wrapping a kept line in a block is a change of indentation, not a kept line',
    original: text('class Job:', '    def run(self):', '        self.prepare()', '        self.execute()', '        self.report()'),
    search: text('def run(self):', '    self.prepre()', '    self.execute()', '    self.report()'),
    replace: text('def run(self):', '    self.prepre()', '    if self.ready:', '        self.execute()', '    self.report()'),
    expected: applied(
      text('class Job:', '    def run(self):', '        self.prepare()', '        if self.ready:', '            self.execute()', '        self.report()'),
      'fuzzy',
      [2, 5],
    ),
  },
  {
    name: 'patch: a closing brace matched to its twin one level in is not removed in its place',
    original: INNER,
    search: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;', '  }'),
    replace: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;'),
    expected: refused(
      /^Line 5 of your search, `}`, which your replacement changes, matched line 6 of the file at another depth than the rest of your search implies/,
    ),
  },
  {
    name: 'patch: a closing brace matched to its twin one level in is not changed in its place',
    original: INNER,
    search: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;', '  }'),
    replace: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;', '  } // inner'),
    expected: refused(/^Line 5 of your search, `}`, which your replacement changes, matched line 6 of the file at another depth/),
  },
  {
    name: 'patch: a closing brace matched to its twin one level in does not place a line after it',
    original: INNER,
    search: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;', '  }'),
    replace: text('  function inner() {', '    if (pending) {', '      flush(queue, options);', '      pending = false;', '  }', '  inner.flushes = 0;'),
    expected: refused(/^Line 5 of your search, `}`, next to which your replacement adds lines, matched line 6 of the file at another depth/),
  },
];

/** Class 2: a search ending with a newline stands for whole lines. */
export const WHOLE_LINE_CASES: EditCase[] = [
  {
    name: 'whole lines: `count = 1\\n` does not match the end of `total_count = 1`',
    original: text('total_count = 1', 'print(total_count)'),
    search: 'count = 1\n',
    replace: 'count = 2\n',
    expected: refused(NOT_FOUND),
  },
  {
    name: 'whole lines: `count = 1\\n` takes the line that is exactly that, not the longer one before it',
    original: text('total_count = 1', 'count = 1', 'print(count)'),
    search: 'count = 1\n',
    replace: 'count = 2\n',
    expected: applied(text('total_count = 1', 'count = 2', 'print(count)'), 'exact', [2, 2]),
  },
  {
    name: 'whole lines: a two-line search whose first line ends another line is not matched there',
    original: text('total_count = 1', 'print(count)'),
    search: 'count = 1\nprint(count)\n',
    replace: 'count = 2\nprint(count)\n',
    expected: refused(NOT_FOUND),
  },
  {
    name: 'whole lines: of a tail occurrence and a whole-line one, only the whole-line one counts',
    original: text('x_count = 1', 'flush()', 'count = 1', 'flush()'),
    search: 'count = 1\nflush()\n',
    replace: 'count = 5\nflush()\n',
    expected: applied(text('x_count = 1', 'flush()', 'count = 5', 'flush()'), 'exact', [3, 4]),
  },
  {
    name: 'whole lines: an indented line found by a whole-line search keeps its indentation',
    original: text('def greet():', '    print("hello")'),
    search: 'print("hello")\n',
    replace: 'print("bye")\n',
    expected: applied(text('def greet():', '    print("bye")'), 'indentation', [2, 2]),
  },
  {
    name: 'whole lines: a search without a final newline may still match inside a line',
    original: text('total_count = 1'),
    search: 'count = 1',
    replace: 'count = 2',
    expected: applied(text('total_count = 2'), 'exact', [1, 1]),
  },
  {
    name: 'whole lines: in a CRLF file too',
    original: 'total_count = 1\r\nprint(total_count)\r\n',
    search: 'count = 1\n',
    replace: 'count = 2\n',
    expected: refused(NOT_FOUND),
  },
];

/** Class 3: an empty replacement removes the matched lines, leaving no blank line behind. */
export const DELETION_CASES: EditCase[] = [
  {
    name: 'delete: an exact whole-line search without its newline removes the line',
    original: 'a\nb\nc\n',
    search: 'b',
    replace: '',
    expected: applied('a\nc\n', 'exact', [2, 2]),
  },
  {
    name: 'delete: exact whole lines without the final newline remove both lines',
    original: 'a\nb\nc\nd\n',
    search: 'b\nc',
    replace: '',
    expected: applied('a\nd\n', 'exact', [2, 3]),
  },
  { name: 'delete: the last line of a file without final newline, exact', original: 'a\nb', search: 'b', replace: '', expected: applied('a', 'exact', [2, 2]) },
  { name: 'delete: the first line, exact without newline', original: 'a\nb\n', search: 'a', replace: '', expected: applied('b\n', 'exact', [1, 1]) },
  { name: 'delete: part of a line stays part of a line', original: 'foo(a, b)\n', search: ', b', replace: '', expected: applied('foo(a)\n', 'exact', [1, 1]) },
  { name: 'delete: a whole line in a CRLF file', original: 'a\r\nb\r\nc\r\n', search: 'b', replace: '', expected: applied('a\r\nc\r\n', 'exact', [2, 2]) },
  {
    name: 'delete: ignoring indentation',
    original: text('    if ready:', '        start()', '    finish()'),
    search: 'if ready:\n    start()\n',
    replace: '',
    expected: applied(text('    finish()'), 'indentation', [1, 2]),
  },
  {
    name: 'delete: ignoring spacing',
    original: text('a  =  1', 'b = 2'),
    search: 'a = 1\n',
    replace: '',
    expected: applied(text('b = 2'), 'whitespace', [1, 1]),
  },
  {
    name: 'delete: fuzzy, the blank line between the removed lines goes too',
    original: text('keep()', 'first_call(alpha, beta, gamma)', '', 'second_call(gamma, delta, alpha)', 'keep_too()'),
    search: 'first_call(alpha, beta, gamma)\nsecond_call(gamma, delta, alpha)\n',
    replace: '',
    expected: applied(text('keep()', 'keep_too()'), 'fuzzy', [2, 4]),
  },
  {
    name: 'delete: a search with blank lines around it removes only what the file has',
    original: text('a = 1', 'b = 2', 'c = 3'),
    search: '\nb = 2\n\n',
    replace: '',
    expected: applied(text('a = 1', 'c = 3'), 'whitespace', [2, 2]),
  },
];

/** Class 4: the whitespace-normalised step re-indents the replacement like the indentation step. */
export const NORMALISED_INDENT_CASES: EditCase[] = [
  {
    name: 'normalised: an unindented replacement for a search at the file depth lands at that depth',
    original: text('class A {', '    m() {', '        return  1;', '    }', '}'),
    search: '        return 1;\n',
    replace: 'return 2;\n',
    expected: applied(text('class A {', '    m() {', '        return 2;', '    }', '}'), 'whitespace', [3, 3]),
  },
  {
    name: 'normalised: an unindented search and replacement inside an indented block, a line added',
    original: text('class A {', '    m() {', '        x  = 1;', '    }', '}'),
    search: 'x = 1;\n',
    replace: 'x = 1;\ny = 2;\n',
    expected: applied(text('class A {', '    m() {', '        x  = 1;', '        y = 2;', '    }', '}'), 'whitespace', [3, 3]),
  },
  {
    name: 'normalised: a search whose first line lost its indentation puts the new line at its neighbours depth',
    original: text('    if (ready)  {', '        start();', '    }'),
    search: 'if (ready) {\n        start();\n    }\n',
    replace: 'if (ready) {\n        start();\n        log();\n    }\n',
    expected: applied(text('    if (ready)  {', '        start();', '        log();', '    }'), 'whitespace', [1, 3]),
  },
  {
    name: 'normalised: a tab-indented file gets tabs for the new line',
    original: '\tif (a  &&  b) {\n\t\tgo();\n\t}\n',
    search: 'if (a && b) {\n    go();\n}\n',
    replace: 'if (a && b) {\n    go();\n    stop();\n}\n',
    expected: applied('\tif (a  &&  b) {\n\t\tgo();\n\t\tstop();\n\t}\n', 'whitespace', [1, 3]),
  },
  {
    name: 'normalised: a 2-space search in a 4-space file, a nested line added',
    original: text('class A {', '    method() {', '        if (x  > 1) {', '            return 1;', '        }', '    }', '}'),
    search: 'method() {\n  if (x > 1) {\n    return 1;\n  }\n}\n',
    replace: 'method() {\n  if (x > 1) {\n    log();\n    return 1;\n  }\n}\n',
    expected: applied(
      text('class A {', '    method() {', '        if (x  > 1) {', '            log();', '            return 1;', '        }', '    }', '}'),
      'whitespace',
      [2, 6],
    ),
  },
  {
    name: 'normalised: a brace at a depth that disagrees is not used to place new lines (it may be its twin)',
    original: text('if (a) {', '  if (b) {', '    go();', '  }', '}', 'done();'),
    search: 'if (a) {\n  if (b) {\n    go();\n}\n',
    replace: 'if (a) {\n  if (b) {\n    go();\n    stop();\n}\n',
    expected: refused(/^Line 4 of your search, `}`, next to which your replacement adds lines, matched line 4 of the file at another depth/),
  },
  {
    // Found by the accuracy bench in openai's AssistantStream.ts: two lines always fit some change of step.
    name: 'normalised: two lines do not prove a change of indentation step (a missing inner brace)',
    original: text(
      '          if (x) {',
      '            this.a = content.index;',
      '          }',
      '',
      '            this.b = acc.content[content.index];',
      '          }',
      '        }',
      '',
      '        break;',
    ),
    search: '            this.b = acc.content[content.index];\n        }\n\n',
    replace: '            this.b = acc.content[content.index];\n            mark();\n          }\n        }\n\n',
    expected: applied(
      text(
        '          if (x) {',
        '            this.a = content.index;',
        '          }',
        '',
        '            this.b = acc.content[content.index];',
        '            mark();',
        '          }',
        '        }',
        '',
        '        break;',
      ),
      'fuzzy',
      [5, 8],
    ),
  },
  {
    name: 'indentation: an unindented replacement for an indented search is re-indented too',
    original: text('    a = 1', '    b = 2'),
    search: '  a = 1\n  b = 2\n',
    replace: 'a = 1\nb = 3\n',
    expected: applied(text('    a = 1', '    b = 3'), 'indentation', [1, 2]),
  },
];

/** Class 5: blank lines at the ends of a search do not stop a match; an empty file takes an empty search. */
export const BLANK_EDGE_CASES: EditCase[] = [
  {
    name: 'blank edges: a leading blank line the file lacks; the replacement writes no blank line either',
    original: text('x = 1', 'y = 2', 'z = 3'),
    search: '\ny = 2\n',
    replace: '\ny = 20\n',
    expected: applied(text('x = 1', 'y = 20', 'z = 3'), 'whitespace', [2, 2]),
  },
  {
    name: 'blank edges: trailing blank lines the file lacks',
    original: text('x = 1', 'y = 2', 'z = 3'),
    search: 'y = 2\n\n\n',
    replace: 'y = 20\n\n\n',
    expected: applied(text('x = 1', 'y = 20', 'z = 3'), 'whitespace', [2, 2]),
  },
  {
    name: 'blank edges: a replacement with one more blank line than the search adds one',
    original: text('x = 1', 'y = 2', 'z = 3'),
    search: '\ny = 2\n',
    replace: '\n\ny = 20\n',
    expected: applied(text('x = 1', '', 'y = 20', 'z = 3'), 'whitespace', [2, 2]),
  },
  {
    name: 'blank edges: a replacement that drops the search blank line removes nothing else',
    original: text('x = 1', 'y = 2', 'z = 3'),
    search: '\ny = 2\n',
    replace: 'y = 20\n',
    expected: applied(text('x = 1', 'y = 20', 'z = 3'), 'whitespace', [2, 2]),
  },
  {
    name: 'blank edges: two blank lines in the search, one in the file, the one kept',
    original: text('a()', '', 'b()', 'c()'),
    search: '\n\nb()\n',
    replace: '\n\nB()\n',
    expected: applied(text('a()', '', 'B()', 'c()'), 'whitespace', [2, 3]),
  },
  {
    name: 'blank edges: a leading blank line that tells two places apart still does',
    original: text('f()', '', 'g()', 'h()', 'g()'),
    search: '\ng()\n',
    replace: '\nG()\n',
    expected: applied(text('f()', '', 'G()', 'h()', 'g()'), 'exact', [2, 3]),
  },
  {
    name: 'blank edges: a blank line standing for a line the search missed, held by the replacement',
    original: text('def a():', '    pass', '', 'X = 1', '', 'def b():', '    pass'),
    search: 'def a():\n    pass\n\n\n',
    replace: 'def a():\n    return 0\n\nX = 1\n\n',
    expected: applied(text('def a():', '    return 0', '', 'X = 1', '', 'def b():', '    pass'), 'whitespace', [1, 5]),
  },
  {
    name: 'blank edges: a leading blank line standing for missed lines, removed by the replacement, is refused',
    original: text('import os', '', 'CONFIG = load()', 'def main():', '    run(CONFIG)'),
    search: '\n\ndef main():\n    run(CONFIG)\n',
    replace: 'def main():\n    run(CONFIG, verbose=True)\n',
    expected: refused(/blank lines at its ends set aside\)[\s\S]*Line 2 of the search is a blank line the file does not have next to those lines/, [2, 4]),
  },
  {
    name: 'empty file: an empty search writes the replacement',
    original: '',
    search: '',
    replace: 'first line\nsecond line\n',
    expected: applied('first line\nsecond line\n', 'exact', [1, 1]),
  },
  { name: 'empty file: a search with text is still refused', original: '', search: 'x', replace: 'y', expected: refused(/file is empty/) },
  { name: 'empty search on a file with content is still refused', original: 'a\n', search: '', replace: 'b', expected: refused(/`search` is empty/) },
];

const BOM = '\uFEFF';

/** Class 6: a UTF-8 byte order mark is kept and never gets in the way of a match. */
export const BOM_CASES: EditCase[] = [
  {
    name: 'bom: a search of the first line without the mark matches, the mark stays',
    original: `${BOM}first\nsecond\n`,
    search: 'first',
    replace: 'FIRST',
    expected: applied(`${BOM}FIRST\nsecond\n`, 'exact', [1, 1]),
  },
  {
    name: 'bom: a whole-line search of the first line',
    original: `${BOM}first\nsecond\n`,
    search: 'first\n',
    replace: 'FIRST\n',
    expected: applied(`${BOM}FIRST\nsecond\n`, 'exact', [1, 1]),
  },
  {
    name: 'bom: a search that includes the mark matches without doubling it',
    original: `${BOM}first\nsecond\n`,
    search: `${BOM}first`,
    replace: `${BOM}FIRST`,
    expected: applied(`${BOM}FIRST\nsecond\n`, 'exact', [1, 1]),
  },
  {
    name: 'bom: replacing all the content keeps the mark',
    original: `${BOM}first\nsecond\n`,
    search: 'first\nsecond\n',
    replace: 'only\n',
    expected: applied(`${BOM}only\n`, 'exact', [1, 2]),
  },
  {
    name: 'bom: deleting the first line keeps the mark',
    original: `${BOM}first\nsecond\n`,
    search: 'first\n',
    replace: '',
    expected: applied(`${BOM}second\n`, 'exact', [1, 1]),
  },
  {
    name: 'bom: the first line matches ignoring indentation',
    original: `${BOM}  a = 1\n  b = 2\n`,
    search: 'a = 1\nb = 2\n',
    replace: 'a = 1\nb = 3\n',
    expected: applied(`${BOM}  a = 1\n  b = 3\n`, 'indentation', [1, 2]),
  },
  {
    name: 'bom: a CRLF file keeps mark and endings through the indentation step',
    original: `${BOM}class A:\r\n    def m(self):\r\n        pass\r\n`,
    search: 'def m(self):\n    pass\n',
    replace: 'def m(self):\n    return 1\n',
    expected: applied(`${BOM}class A:\r\n    def m(self):\r\n        return 1\r\n`, 'indentation', [2, 3]),
  },
  {
    name: 'bom: a fuzzy match on the first line keeps the mark',
    original: `${BOM}${text('export function parseDate(text) {', '  const [year, month, day] = text.split("-").map(Number);', '  return new Date(Date.UTC(year, month - 1, day));', '}')}`,
    search: text(
      'export function parseDat(text) {',
      '  const [year, month, day] = text.split("-").map(Number);',
      '  return new Date(Date.UTC(year, month - 1, day));',
      '}',
    ),
    replace: text(
      'export function parseDat(text) {',
      '  const [year, month, day] = text.split("-").map(Number);',
      '  return new Date(year, month - 1, day);',
      '}',
    ),
    expected: applied(
      `${BOM}${text('export function parseDate(text) {', '  const [year, month, day] = text.split("-").map(Number);', '  return new Date(year, month - 1, day);', '}')}`,
      'fuzzy',
      [1, 4],
    ),
  },
  {
    name: 'bom: an empty search on a file holding only the mark writes after it',
    original: BOM,
    search: '',
    replace: 'x\n',
    expected: applied(`${BOM}x\n`, 'exact', [1, 1]),
  },
];

export const ADVERSARIAL_CASES: { group: string; cases: EditCase[] }[] = [
  { group: 'misremembered lines are applied as a patch or refused', cases: PATCH_CASES },
  { group: 'a search ending with a newline matches whole lines', cases: WHOLE_LINE_CASES },
  { group: 'an empty replacement removes whole lines', cases: DELETION_CASES },
  { group: 'the whitespace-normalised step re-indents', cases: NORMALISED_INDENT_CASES },
  { group: 'blank lines at the ends of a search; empty files', cases: BLANK_EDGE_CASES },
  { group: 'a UTF-8 byte order mark', cases: BOM_CASES },
];
