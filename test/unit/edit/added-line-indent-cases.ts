import { applied, type EditCase, text } from './edit-cases';

/**
 * Issue 19: a line the replacement adds takes the indentation of the block it
 * lands in, also when the search got the indentation of a line wrong.
 */

/**
 * (a) One search line stands at another indentation than the file's (the model
 * misremembered it), and the replacement adds a line next to it at that same
 * indentation: the new line is its sibling, at the file's indentation of it, and
 * lines nested under the new one keep their depth relative to it.
 */
export const MISPLACED_SIBLING_CASES: EditCase[] = [
  {
    name: 'python: a body line remembered at its parent depth, a line added after it, the next line at that depth too',
    original: text('def f(x):', '    if x:', '        a = 1', '    return x'),
    search: text('    if x:', '    a = 1', '    return x'),
    replace: text('    if x:', '    a = 1', '    b = 2', '    return x'),
    expected: applied(text('def f(x):', '    if x:', '        a = 1', '        b = 2', '    return x'), 'whitespace', [2, 4]),
  },
  {
    name: 'python: a body line remembered at its parent depth, a line added before it, the line before at that depth too',
    original: text('def f(x):', '    if x:', '        a = 1', '    return x'),
    search: text('    if x:', '    a = 1', '    return x'),
    replace: text('    if x:', '    b = 2', '    a = 1', '    return x'),
    expected: applied(text('def f(x):', '    if x:', '        b = 2', '        a = 1', '    return x'), 'whitespace', [2, 4]),
  },
  {
    name: 'python: the misplaced line changed and a sibling added after it',
    original: text('def f(x):', '    if x:', '        a = 1', '    return x'),
    search: text('    if x:', '    a = 1', '    return x'),
    replace: text('    if x:', '    a = 10', '    b = 2', '    return x'),
    expected: applied(text('def f(x):', '    if x:', '        a = 10', '        b = 2', '    return x'), 'whitespace', [2, 4]),
  },
  {
    name: 'python: the rest of the search at the right depths, one line a level out, a sibling added after it',
    original: text('def f(x):', '    total = 0', '    if x:', '        total += x', '        total *= 2', '    return total'),
    search: text('    total = 0', '    if x:', '        total += x', '    total *= 2', '    return total'),
    replace: text('    total = 0', '    if x:', '        total += x', '    total *= 2', '    total -= 1', '    return total'),
    expected: applied(
      text('def f(x):', '    total = 0', '    if x:', '        total += x', '        total *= 2', '        total -= 1', '    return total'),
      'fuzzy',
      [2, 6],
    ),
  },
  {
    name: 'python: three levels deep, a block added next to the misplaced line keeps its nesting',
    original: text(
      'class Store:',
      '    def save(self, rows):',
      '        for row in rows:',
      '            if row.dirty:',
      '                self.write(row)',
      '        self.flush()',
    ),
    search: text('        for row in rows:', '            if row.dirty:', '            self.write(row)', '        self.flush()'),
    replace: text(
      '        for row in rows:',
      '            if row.dirty:',
      '            self.write(row)',
      '            if row.new:',
      '                self.index(row)',
      '        self.flush()',
    ),
    expected: applied(
      text(
        'class Store:',
        '    def save(self, rows):',
        '        for row in rows:',
        '            if row.dirty:',
        '                self.write(row)',
        '                if row.new:',
        '                    self.index(row)',
        '        self.flush()',
      ),
      'fuzzy',
      [3, 6],
    ),
  },
  {
    name: 'python: a tab-indented file, a search in spaces with a body line at its parent depth',
    original: 'def f(x):\n\tif x:\n\t\ta = 1\n\treturn x\n',
    search: '    if x:\n    a = 1\n    return x\n',
    replace: '    if x:\n    a = 1\n    b = 2\n    return x\n',
    expected: applied('def f(x):\n\tif x:\n\t\ta = 1\n\t\tb = 2\n\treturn x\n', 'whitespace', [2, 4]),
  },
  {
    name: 'ts: tabs, a statement remembered a level out, a sibling added between it and the closing brace',
    original: 'class Cart {\n\tadd(item) {\n\t\tif (item) {\n\t\t\tthis.items.push(item);\n\t\t\tthis.count++;\n\t\t}\n\t}\n}\n',
    search: '\t\tif (item) {\n\t\t\tthis.items.push(item);\n\t\tthis.count++;\n\t\t}\n',
    replace: '\t\tif (item) {\n\t\t\tthis.items.push(item);\n\t\tthis.count++;\n\t\tthis.total += item.price;\n\t\t}\n',
    expected: applied(
      'class Cart {\n\tadd(item) {\n\t\tif (item) {\n\t\t\tthis.items.push(item);\n\t\t\tthis.count++;\n\t\t\tthis.total += item.price;\n\t\t}\n\t}\n}\n',
      'fuzzy',
      [3, 6],
    ),
  },
  {
    name: 'ts: 2 spaces, a loop body remembered at the loop depth, a sibling added before the closing brace',
    original: text('function render(list) {', '  for (const item of list) {', '    draw(item);', '  }', '  flush();', '}'),
    search: text('  for (const item of list) {', '  draw(item);', '  }'),
    replace: text('  for (const item of list) {', '  draw(item);', '  count++;', '  }'),
    expected: applied(
      text('function render(list) {', '  for (const item of list) {', '    draw(item);', '    count++;', '  }', '  flush();', '}'),
      'whitespace',
      [2, 4],
    ),
  },
  {
    name: 'ts: 2 spaces, three levels, an object entry remembered a level out, a sibling added after it',
    original: text('const config = {', '  server: {', '    port: 8080,', '    tls: {', '      cert: "a.pem",', '    },', '  },', '};'),
    search: text('    tls: {', '    cert: "a.pem",', '    },'),
    replace: text('    tls: {', '    cert: "a.pem",', '    key: "a.key",', '    },'),
    expected: applied(
      text('const config = {', '  server: {', '    port: 8080,', '    tls: {', '      cert: "a.pem",', '      key: "a.key",', '    },', '  },', '};'),
      'whitespace',
      [4, 6],
    ),
  },
  {
    name: 'go: tabs, a statement remembered a level in, a sibling added after it',
    original: 'func run() {\n\tif ok {\n\t\tstart()\n\t}\n\tstop()\n}\n',
    search: '\tif ok {\n\t\tstart()\n\t}\n\t\tstop()\n',
    replace: '\tif ok {\n\t\tstart()\n\t}\n\t\tstop()\n\t\tclose()\n',
    expected: applied('func run() {\n\tif ok {\n\t\tstart()\n\t}\n\tstop()\n\tclose()\n}\n', 'fuzzy', [2, 5]),
  },
  {
    name: 'ts: 4 spaces, a statement remembered a level in, a nested block added after it keeps its nesting',
    original: text('export function start(app) {', '    app.init();', '    app.listen(8080);', '    return app;', '}'),
    search: text('    app.init();', '        app.listen(8080);', '    return app;'),
    replace: text('    app.init();', '        app.listen(8080);', '        if (app.tls) {', '            app.secure();', '        }', '    return app;'),
    expected: applied(
      text(
        'export function start(app) {',
        '    app.init();',
        '    app.listen(8080);',
        '    if (app.tls) {',
        '        app.secure();',
        '    }',
        '    return app;',
        '}',
      ),
      'fuzzy',
      [2, 4],
    ),
  },
];

/**
 * (b) The search (and the replacement) start at the first line's first visible
 * character, its indentation lost, while the lines after it keep the file's: the
 * replacement's nesting comes out as the file's, a nested line one level in.
 */
export const UNINDENTED_FIRST_LINE_CASES: EditCase[] = [
  {
    name: 'python: two lines, a nested block added',
    original: text('class A:', '    def f(self):', '        return 1'),
    search: 'def f(self):\n        return 1\n',
    replace: 'def f(self):\n        if self.ready:\n            return 2\n        return 1\n',
    expected: applied(text('class A:', '    def f(self):', '        if self.ready:', '            return 2', '        return 1'), 'fuzzy', [2, 3]),
  },
  {
    name: 'python: two lines, the first line changed too',
    original: text('class A:', '    def f(self):', '        return 1'),
    search: 'def f(self):\n        return 1\n',
    replace: 'def f(self, x):\n        if x:\n            return x\n        return 1\n',
    expected: applied(text('class A:', '    def f(self, x):', '        if x:', '            return x', '        return 1'), 'fuzzy', [2, 3]),
  },
  {
    name: 'python: three levels deep, two lines, a nested block added after the last',
    original: text('class A:', '    def f(self):', '        with self.lock:', '            self.n += 1'),
    search: 'with self.lock:\n            self.n += 1\n',
    replace: 'with self.lock:\n            self.n += 1\n            if self.n > 9:\n                self.flush()\n',
    expected: applied(
      text('class A:', '    def f(self):', '        with self.lock:', '            self.n += 1', '            if self.n > 9:', '                self.flush()'),
      'fuzzy',
      [3, 4],
    ),
  },
  {
    name: 'python: three lines, a line added under the first and a block nested two levels',
    original: text(
      'class Parser:',
      '    def parse(self, text):',
      '        for line in text:',
      '            if line:',
      '                self.feed(line)',
      '        return self.result',
    ),
    search: text('for line in text:', '            if line:', '                self.feed(line)'),
    replace: text(
      'for line in text:',
      '            line = line.strip()',
      '            if line:',
      '                if line.startswith("#"):',
      '                    continue',
      '                self.feed(line)',
    ),
    expected: applied(
      text(
        'class Parser:',
        '    def parse(self, text):',
        '        for line in text:',
        '            line = line.strip()',
        '            if line:',
        '                if line.startswith("#"):',
        '                    continue',
        '                self.feed(line)',
        '        return self.result',
      ),
      'whitespace',
      [3, 5],
    ),
  },
  {
    name: 'ts: 2 spaces, two lines, a nested block added',
    original: text('class Queue {', '  push(item) {', '    this.items.push(item);', '  }', '}'),
    search: 'push(item) {\n    this.items.push(item);\n',
    replace: 'push(item) {\n    if (!item) {\n      return;\n    }\n    this.items.push(item);\n',
    expected: applied(
      text('class Queue {', '  push(item) {', '    if (!item) {', '      return;', '    }', '    this.items.push(item);', '  }', '}'),
      'fuzzy',
      [2, 3],
    ),
  },
  {
    name: 'ts: tabs, two lines, a nested block added',
    original: '\tif (ok) {\n\t\trun();\n\t}\n',
    search: 'if (ok) {\n\t\trun();\n',
    replace: 'if (ok) {\n\t\tif (fast) {\n\t\t\tskip();\n\t\t}\n\t\trun();\n',
    expected: applied('\tif (ok) {\n\t\tif (fast) {\n\t\t\tskip();\n\t\t}\n\t\trun();\n\t}\n', 'fuzzy', [1, 2]),
  },
  {
    name: 'ts: tabs, two levels deep, the closing brace in the search, a nested block added',
    original: '\tfunction outer() {\n\t\tfunction inner() {\n\t\t\treturn 1;\n\t\t}\n\t}\n',
    search: 'function inner() {\n\t\t\treturn 1;\n\t\t}\n',
    replace: 'function inner() {\n\t\t\tif (ready) {\n\t\t\t\treturn 2;\n\t\t\t}\n\t\t\treturn 1;\n\t\t}\n',
    expected: applied(
      '\tfunction outer() {\n\t\tfunction inner() {\n\t\t\tif (ready) {\n\t\t\t\treturn 2;\n\t\t\t}\n\t\t\treturn 1;\n\t\t}\n\t}\n',
      'whitespace',
      [2, 4],
    ),
  },
  {
    name: 'ts: 4 spaces, the first line changed, a nested block added under it',
    original: text('class Api {', '    get(id) {', '        return this.cache[id];', '    }', '}'),
    search: 'get(id) {\n        return this.cache[id];\n',
    replace: 'get(id, fresh) {\n        if (fresh) {\n            delete this.cache[id];\n        }\n        return this.cache[id];\n',
    expected: applied(
      text(
        'class Api {',
        '    get(id, fresh) {',
        '        if (fresh) {',
        '            delete this.cache[id];',
        '        }',
        '        return this.cache[id];',
        '    }',
        '}',
      ),
      'fuzzy',
      [2, 3],
    ),
  },
];
