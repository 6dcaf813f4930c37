/**
 * Phasegate's offline pytest, the module `_pgpytest_report`: what it prints: progress letters (or -v lines), the ERRORS and FAILURES sections
 * with captured output, the short test summary (-r) and pytest's summary line, which run_tests counts.
 */
export const PYTEST_REPORT = String.raw`"""What Phasegate's offline pytest prints: progress, the FAILURES and ERRORS sections, the summary line."""
import os
import traceback

WIDTH = 80
_LETTERS = {'passed': '.', 'failed': 'F', 'skipped': 's', 'xfailed': 'x', 'xpassed': 'X', 'error': 'E'}
_WORDS = {'passed': 'PASSED', 'failed': 'FAILED', 'skipped': 'SKIPPED', 'xfailed': 'XFAIL', 'xpassed': 'XPASS', 'error': 'ERROR'}
_ORDER = ('failed', 'passed', 'skipped', 'deselected', 'xfailed', 'xpassed', 'error')


def rule(text='', char='='):
    if not text:
        return char * WIDTH
    side = max(3, (WIDTH - len(text) - 2) // 2)
    line = f'{char * side} {text} {char * side}'
    return line + char * max(0, WIDTH - len(line))


def _hidden(filename):
    name = os.path.basename(filename)
    return name.startswith('_pgpytest_') or filename.endswith('site-packages/pytest.py') or '/unittest/' in filename


def short(error):
    text = str(error).split('\n')[0]
    if isinstance(error, AssertionError):
        return text or 'AssertionError'
    return f'{type(error).__name__}: {text}' if text else type(error).__name__


def longrepr(error, style):
    if style == 'no':
        return ''
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not _hidden(f.filename)]
    if style == 'line':
        last = frames[-1] if frames else None
        return f'{last.filename}:{last.lineno}: {short(error)}' if last else short(error)
    if style in ('short', 'native'):
        frames = frames[-1:] if style == 'short' else frames
    lines = [line.rstrip() for line in traceback.format_list(frames)]
    for line in ''.join(traceback.format_exception_only(type(error), error)).rstrip().split('\n'):
        lines.append(f'E       {line}')
    return '\n'.join(lines)


class Report:
    def __init__(self, verbosity, tb, report_chars):
        self.verbosity, self.tb = verbosity, tb
        chars = report_chars.replace('a', 'sxXEf').replace('A', 'sxXEfpP')
        self.report_chars = chars
        self.counts = dict.fromkeys(_ORDER, 0)
        self.failures, self.errors, self.lines = [], [], []
        self.current = None

    def _progress(self, relpath, nodeid, outcome, reason):
        if self.verbosity > 0:
            suffix = f' ({reason})' if reason and outcome in ('skipped', 'xfailed', 'xpassed') else ''
            print(f'{nodeid} {_WORDS[outcome]}{suffix}')
            return
        if self.verbosity < -1:
            return
        if self.verbosity == 0 and relpath != self.current:
            if self.current is not None:
                print()
            print(relpath + ' ', end='')
        self.current = relpath
        print(_LETTERS[outcome], end='', flush=True)

    def add(self, item_relpath, nodeid, outcome, error=None, reason=None, captured=None, when='call', where=None):
        """One result; an error in setup or teardown is an 'error' of its own."""
        self._progress(item_relpath, nodeid, outcome, reason)
        self.counts[outcome] += 1
        if outcome == 'failed':
            self.failures.append((nodeid, error, captured))
            self.lines.append(('f', f'FAILED {nodeid} - {short(error)}'))
        elif outcome == 'error':
            self.errors.append((nodeid, when, error, captured))
            self.lines.append(('E', f'ERROR {nodeid} - {short(error)}'))
        elif outcome == 'skipped':
            self.lines.append(('s', f'SKIPPED [1] {where or item_relpath}: {reason}'))
        elif outcome == 'xfailed':
            self.lines.append(('x', f'XFAIL {nodeid}' + (f' - {reason}' if reason else '')))
        elif outcome == 'xpassed':
            self.lines.append(('X', f'XPASS {nodeid}' + (f' - {reason}' if reason else '')))
        elif outcome == 'passed':
            self.lines.append(('p', f'PASSED {nodeid}'))

    def collection_errors(self, errors):
        self.end_progress()
        print(rule('ERRORS'))
        for relpath, error in errors:
            print(rule(f'ERROR collecting {relpath}', '_'))
            print(longrepr(error, self.tb if self.tb != 'auto' else 'long'))
            self.lines.append(('E', f'ERROR {relpath} - {short(error)}'))
        self.counts['error'] += len(errors)

    def end_progress(self):
        if self.current is not None and self.verbosity in (0, -1):
            print()
        self.current = None

    def sections(self):
        self.end_progress()
        if self.errors:
            print(rule('ERRORS'))
            for nodeid, when, error, captured in self.errors:
                print(rule(f'ERROR at {when} of {nodeid.split("::", 1)[-1].replace("::", ".")}', '_'))
                self._body(error, captured, when)
        if self.failures:
            print(rule('FAILURES'))
            for nodeid, error, captured in self.failures:
                print(rule(nodeid.split('::', 1)[-1].replace('::', '.'), '_'))
                self._body(error, captured, 'call')

    def _body(self, error, captured, when):
        text = longrepr(error, self.tb)
        if text:
            print(text)
        for name, value in (captured or {}).items():
            if value:
                print(rule(f'Captured {name} {when}', '-'))
                print(value.rstrip('\n'))

    def summary(self, elapsed, interrupted=None):
        order = self.report_chars
        shown = [line for char, line in sorted(self.lines, key=lambda pair: order.find(pair[0])) if char in order]
        if shown:
            print(rule('short test summary info'))
            for line in shown:
                print(line)
        if interrupted:
            print(rule(interrupted, '!'))
        parts = []
        for key in _ORDER:
            n = self.counts[key]
            if n:
                parts.append(f'{n} {"errors" if key == "error" and n != 1 else key}')
        line = f'{", ".join(parts) or "no tests ran"} in {elapsed:.2f}s'
        print(line if self.verbosity < 0 else rule(line))
`;
