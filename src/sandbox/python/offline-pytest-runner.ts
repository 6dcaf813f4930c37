/**
 * Phasegate's offline pytest, the module `_pgpytest_runner`: the run: header, configuration (addopts, testpaths, pythonpath, xfail_strict,
 * filterwarnings), collection, then each test's setup, call and teardown with its output captured.
 */
export const PYTEST_RUNNER = String.raw`"""The run of Phasegate's offline pytest: configuration, collection, each test's setup, call and teardown."""
import glob
import inspect
import io
import os
import sys
import time
import warnings

from _pgpytest_builtins import BUILTIN_FIXTURES
from _pgpytest_collect import Collector
from _pgpytest_config import UsageError, check_config, find_config
from _pgpytest_fixtures import FixtureManager
from _pgpytest_marks import Failed, Skipped, XFailed, missing, skip_reason, xfail_spec
from _pgpytest_options import USAGE, matcher, parse_args
from _pgpytest_report import Report, rule

VERSION = '8.3.0+phasegate'
NAME = "Phasegate's offline pytest (a subset of pytest, without plugins)"


def main(args=None):
    args = list(sys.argv[1:] if args is None else args)
    try:
        return _Session(args).run()
    except UsageError as error:
        print(f'ERROR: {error}', file=sys.stderr)
        return 4


class _Capture:
    def __init__(self):
        self.out, self.err = io.StringIO(), io.StringIO()

    def __enter__(self):
        self.saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = self.out, self.err
        return self

    def __exit__(self, *exc):
        sys.stdout, sys.stderr = self.saved


def _apply_filter(text):
    parts = [p.strip() for p in text.split(':')]
    action, message = parts[0], parts[1] if len(parts) > 1 else ''
    category = Warning
    if len(parts) > 2 and parts[2]:
        module, _, name = parts[2].rpartition('.')
        category = getattr(__import__(module or 'builtins', fromlist=[name]), name)
    warnings.filterwarnings(action, message, category, parts[3] if len(parts) > 3 else '', int(parts[4]) if len(parts) > 4 and parts[4] else 0)


def _unittest_result():
    """A unittest result that keeps the first outcome (made on first use: importing unittest is slow)."""
    import unittest

    class UnittestResult(unittest.TestResult):
        outcome = None

        def _first(self, outcome):
            if self.outcome is None:
                self.outcome = outcome

        def addError(self, test, err):
            self._first(err[1].with_traceback(err[2]))

        addFailure = addError

        def addSubTest(self, test, subtest, err):
            if err is not None:
                self._first(err[1].with_traceback(err[2]))

        def addSkip(self, test, reason):
            self._first(Skipped(reason))

        def addExpectedFailure(self, test, err):
            self._first(XFailed(''))

        def addUnexpectedSuccess(self, test):
            self._first(Failed('Unexpected success'))

    return UnittestResult()


class _Session:
    def __init__(self, args):
        self.args = args
        self.cwd = os.getcwd()

    def run(self):
        started = time.perf_counter()
        options = parse_args(self.args)
        if options.version:
            print(f'pytest {VERSION}: {NAME}')
            return 0
        if options.help:
            print(USAGE)
            return 0
        config = find_config([p.split('::')[0] for p in options.paths], self.cwd, options.inifile)
        if options.rootdir:
            config.rootdir = config.rootpath = os.path.abspath(options.rootdir)
        check_config(config)
        if config.getini('addopts'):
            options = parse_args(config.getini('addopts') + self.args)
        self.options, self.config = options, config
        config._ini.update(options.overrides)
        config.strict_markers = options.strict_markers or config.getini_bool('strict_markers')
        self.xfail_strict = config.getini_bool('xfail_strict')
        for entry in reversed(config.getini('pythonpath')):
            sys.path.insert(0, os.path.join(config.rootdir, entry))
        paths, testpaths = options.paths, []
        if not paths and self.cwd == config.rootdir and config.getini('testpaths'):
            testpaths = config.getini('testpaths')
            paths = [p for pattern in testpaths for p in sorted(glob.glob(os.path.join(config.rootdir, pattern)))] or [self.cwd]
        report = self.report = Report(options.verbosity, options.tb, options.report)
        if options.verbosity >= 0:
            print(rule('test session starts'))
            print(f'platform {sys.platform} -- Python {sys.version.split()[0]}, pytest {VERSION}: {NAME}')
            print(f'rootdir: {config.rootdir}')
            if config.inifile:
                print(f'configfile: {os.path.relpath(config.inifile, config.rootdir)}')
            if testpaths:
                print(f'testpaths: {", ".join(testpaths)}')
        elif options.verbosity == -1:
            print(NAME)
        with warnings.catch_warnings():
            for text in config.getini('filterwarnings') + options.warning_filters:
                _apply_filter(text)
            return self._collect_and_run(paths or [self.cwd], started)

    def _collect_and_run(self, paths, started):
        options, report = self.options, self.report
        self.manager = FixtureManager(self.config, BUILTIN_FIXTURES)
        collector = Collector(self.config, self.manager)
        selectors = []
        for arg in paths:
            path, _, rest = arg.partition('::')
            absolute = os.path.abspath(path)
            if not os.path.exists(absolute):
                raise UsageError(f'file or directory not found: {arg}')
            if rest:
                selectors.append(f'{collector.relpath(absolute)}::{rest}')
            collector.collect(absolute)
        items = collector.items
        if selectors:
            items = [i for i in items if any(i.nodeid == s or i.nodeid.startswith(s + '::') or i.nodeid.startswith(s + '[') for s in selectors)]
        total = len(items)
        if options.keyword:
            match = matcher(options.keyword, '-k')
            items = [i for i in items if match(lambda word, i=i: any(word.lower() in k.lower() for k in i.keywords))]
        if options.markexpr:
            match = matcher(options.markexpr, '-m')
            items = [i for i in items if match(lambda word, i=i: any(m.name == word for m in i.marks))]
        deselected = total - len(items)
        report.counts['deselected'] = deselected
        if options.verbosity >= 0:
            errors = len(collector.errors)
            line = f'collected {total} item{"" if total == 1 else "s"}'
            if errors:
                line += f' / {errors} error{"" if errors == 1 else "s"}'
            if collector.skipped_modules:
                line += f' / {len(collector.skipped_modules)} skipped'
            if deselected:
                line += f' / {deselected} deselected / {len(items)} selected'
            print(line + '\n')
        if collector.errors:
            report.collection_errors(collector.errors)
            n = len(collector.errors)
            report.summary(time.perf_counter() - started, f'Interrupted: {n} error{"" if n == 1 else "s"} during collection')
            return 2
        if options.collect_only:
            for item in items:
                print(item.nodeid)
            print(f'\n{len(items)} test{"" if len(items) == 1 else "s"} collected in {time.perf_counter() - started:.2f}s')
            return 0 if items else 5
        for relpath, reason in collector.skipped_modules:
            report.add(relpath, relpath, 'skipped', reason=reason)
        stopped = None
        for index, item in enumerate(items):
            self._run_item(item, items[index + 1] if index + 1 < len(items) else None)
            bad = report.counts['failed'] + report.counts['error']
            if options.maxfail and bad >= options.maxfail:
                stopped = f'stopping after {bad} failures'
                for error in self.manager.teardown('session'):
                    report.add(item.relpath, item.nodeid, 'error', error, when='teardown')
                break
        report.sections()
        report.summary(time.perf_counter() - started, stopped)
        if report.counts['failed'] or report.counts['error']:
            return 1
        return 0 if items or collector.skipped_modules else 5

    def _run_item(self, item, nextitem):
        captured = {}
        capture = _Capture() if self.options.capture else None
        if capture:
            capture.__enter__()
        try:
            outcome, error, reason = self._setup_and_call(item)
        finally:
            scope = self._scope_to_end(item, nextitem)
            teardown_errors = self.manager.teardown(scope)
            if capture:
                capture.__exit__()
                captured = {'stdout': capture.out.getvalue(), 'stderr': capture.err.getvalue()}
        when = 'setup' if outcome == 'error' else 'call'
        line = getattr(getattr(inspect.unwrap(item.function), '__code__', None), 'co_firstlineno', 0)
        self.report.add(item.relpath, item.nodeid, outcome, error, reason, captured, when, where=f'{item.relpath}:{line}')
        for error in teardown_errors:
            self.report.add(item.relpath, item.nodeid, 'error', error, None, captured, 'teardown')

    def _scope_to_end(self, item, nextitem):
        if nextitem is None:
            return 'session'
        if nextitem.path != item.path:
            return 'module'
        if nextitem.cls is not item.cls:
            return 'class'
        return 'function'

    def _setup_and_call(self, item):
        globs = vars(item.module)
        try:
            reason = skip_reason(item.marks, globs)
            xfail = xfail_spec(item.marks, globs, self.xfail_strict)
        except Exception as error:
            return 'error', error, None
        if reason is not None:
            return 'skipped', None, reason
        if xfail is not None and not xfail.run:
            return 'xfailed', None, f'[NOTRUN] {xfail.reason}'.rstrip()
        state = {}

        def setup():
            if item.broken is not None:
                raise item.broken
            if item.cls is not None and item.kind == 'function':
                item.instance = item.cls()
            state['kwargs'] = self.manager.setup(item)

        def call():
            with warnings.catch_warnings():
                for m in reversed([m for m in item.marks if m.name == 'filterwarnings']):
                    for text in m.args:
                        _apply_filter(text)
                self._call(item, state['kwargs'])

        def call_failed(error):
            if xfail is not None and (xfail.raises is None or isinstance(error, xfail.raises)):
                return 'xfailed', None, xfail.reason
            return 'failed', error, None

        ended = self._guarded(setup, lambda error: (('failed' if error is item.broken else 'error'), error, None))
        if ended is None:
            ended = self._guarded(call, call_failed)
        if ended is not None:
            return ended
        if xfail is not None:
            if xfail.strict:
                return 'failed', Failed(f'[XPASS(strict)] {xfail.reason}'.rstrip()), None
            return 'xpassed', None, xfail.reason
        return 'passed', None, None

    def _guarded(self, phase, on_error):
        # A phase (setup or the call) that calls pytest.skip or xfail ends the test so; any other
        # error is the phase's to judge. None: the phase went through.
        try:
            phase()
        except Skipped as skipped:
            return 'skipped', None, skipped.msg
        except XFailed as xfailed:
            return 'xfailed', None, xfailed.msg
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            return on_error(error)
        return None

    def _call(self, item, kwargs):
        if item.kind == 'unittest':
            result = _unittest_result()
            item.cls(item.funcname).run(result)
            if result.outcome is not None:
                raise result.outcome
            return
        function = getattr(item.instance, item.funcname) if item.instance is not None else item.function
        kwargs = {**kwargs, **{name: value for name, value in item.params.items() if name in item.argnames}}
        result = function(**kwargs)
        if inspect.iscoroutine(result):
            result.close()
            raise missing('async def tests (they need a plugin such as pytest-asyncio or anyio)')
`;
