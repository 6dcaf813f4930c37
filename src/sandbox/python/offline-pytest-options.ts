/**
 * Phasegate's offline pytest, the module `_pgpytest_options`: the command line (-q, -v, -x, --maxfail, -k, -m, -s, -r, --tb, --co, -c, ...;
 * an option it lacks is a usage error naming it) and the -k/-m expressions.
 */
export const PYTEST_OPTIONS = String.raw`"""The command line of Phasegate's offline pytest, and -k/-m expressions."""
import re

from _pgpytest_config import UsageError

# Options pytest has that change nothing here (reporting details, plugins switched off, warnings display).
_IGNORED = {'--strict-config', '--no-header', '--no-summary', '-l', '--showlocals',
            '--disable-warnings', '--disable-pytest-warnings', '--color=no', '--color=yes', '--color=auto', '--code-highlight=no',
            '--code-highlight=yes', '--capture=sys', '--capture=fd', '--cache-clear', '-ra', '--import-mode=prepend',
            '--import-mode=append', '--import-mode=importlib', '--continue-on-collection-errors'}
_IGNORED_WITH_VALUE = {'--durations', '--durations-min', '--basetemp'}


class Options:
    def __init__(self):
        self.verbosity = 0
        self.maxfail = 0
        self.keyword = self.markexpr = None
        self.paths = []
        self.capture = True
        self.tb = 'auto'
        self.report = 'fE'
        self.collect_only = False
        self.inifile = self.rootdir = None
        self.version = self.help = False
        self.strict_markers = False
        self.warning_filters = []
        self.overrides = {}


def parse_args(args):
    options = Options()
    args = list(args)
    i = 0
    while i < len(args):
        arg = args[i]

        def value(flag):
            nonlocal i
            if arg.startswith('--') and '=' in arg:
                return arg.split('=', 1)[1]
            if not arg.startswith('--') and len(arg) > len(flag):
                return arg[len(flag):]
            i += 1
            if i >= len(args):
                raise UsageError(f'argument {flag}: expected one argument')
            return args[i]

        if re.fullmatch(r'-[qvxsl]{2,}', arg):
            args[i + 1:i + 1] = [f'-{c}' for c in arg[1:]]
        elif arg in ('-q', '--quiet'):
            options.verbosity -= 1
        elif arg in ('-v', '--verbose'):
            options.verbosity += 1
        elif arg in ('-x', '--exitfirst'):
            options.maxfail = 1
        elif arg.startswith('--maxfail'):
            options.maxfail = int(value('--maxfail'))
        elif arg.startswith('-k'):
            options.keyword = value('-k')
        elif arg.startswith('-m'):
            options.markexpr = value('-m')
        elif arg in ('-s', '--capture=no'):
            options.capture = False
        elif arg.startswith('--tb'):
            options.tb = value('--tb')
        elif arg.startswith('-r'):
            options.report = value('-r')
        elif arg in ('--co', '--collect-only', '--collectonly'):
            options.collect_only = True
        elif arg.startswith('-c') or arg.startswith('--config-file') or arg.startswith('--inifile'):
            options.inifile = value('-c' if arg.startswith('-c') else arg.split('=')[0])
        elif arg.startswith('--rootdir'):
            options.rootdir = value('--rootdir')
        elif arg.startswith('-p'):
            plugin = value('-p')
            if not plugin.startswith('no:'):
                raise UsageError(f"-p {plugin}: plugins are not in Phasegate's offline pytest (a subset of pytest, without plugins)")
        elif arg in ('-V', '--version'):
            options.version = True
        elif arg in ('-h', '--help'):
            options.help = True
        elif arg in ('--strict-markers', '--strict'):
            options.strict_markers = True
        elif arg.startswith('-W') or arg.startswith('--pythonwarnings'):
            options.warning_filters.append(value('-W' if arg.startswith('-W') else '--pythonwarnings'))
        elif arg.startswith('-o') or arg.startswith('--override-ini'):
            key, _, setting = value('-o' if arg.startswith('-o') else '--override-ini').partition('=')
            options.overrides[key.strip()] = setting
        elif arg in _IGNORED:
            pass
        elif arg.split('=')[0] in _IGNORED_WITH_VALUE:
            value(arg.split('=')[0])
        elif arg.startswith('-'):
            raise UsageError(f"the option {arg} is not in Phasegate's offline pytest (a subset of pytest, without plugins)")
        else:
            options.paths.append(arg)
        i += 1
    return options


def matcher(expression, option):
    """-k and -m expressions: words joined by and, or, not and parentheses."""
    tokens = re.findall(r'\(|\)|[^\s()]+', expression)
    words = [t if t in ('and', 'or', 'not', '(', ')') else f'_match({t!r})' for t in tokens]
    try:
        code = compile(' '.join(words) or 'True', option, 'eval')
    except SyntaxError:
        raise UsageError(f"Wrong expression passed to '{option}': {expression}") from None
    return lambda match: bool(eval(code, {'__builtins__': {}}, {'_match': match}))


USAGE = """usage: pytest [options] [file_or_dir] [file_or_dir] [...]

Phasegate's offline pytest, a subset of pytest without plugins. Options:
  -q, -v            less or more output
  -x, --maxfail=N   stop after the first (or N) failures
  -k EXPRESSION     run the tests whose names match (and, or, not)
  -m MARKEXPR       run the tests with these marks
  -s                no output capture
  -r CHARS          short summary of: f failed, E error, s skipped, x xfailed, X xpassed, p passed, a all but passed, A all
  --tb=no           no tracebacks
  --co              list the tests without running them
  -c FILE           read the configuration from FILE
"""
`;
