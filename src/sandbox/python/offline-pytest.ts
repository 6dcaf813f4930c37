/**
 * Phasegate's offline pytest, installed as the module `pytest` in each Python the sandbox loads
 * (Pyodide has no wheels): the common subset, so far discovery (test_*.py and *_test.py, test
 * functions, Test* classes), plain `assert` reporting the compared values, `-q`, `-v`, `-x`,
 * `-k`, and pytest's summary line (which run_tests counts). Whatever else a test file asks of
 * it (fixtures, `pytest.raises`, marks) fails naming what is missing, never a silent pass.
 */
export const OFFLINE_PYTEST = String.raw`"""Phasegate's offline pytest: the common subset of pytest, for the offline sandbox (no wheels)."""
import ast
import importlib.util
import inspect
import os
import sys
import time
import traceback

__version__ = '0.1.0-phasegate'
__all__ = ['main']

_SKIP_DIRS = {'.git', '.hg', '.venv', 'venv', 'env', 'node_modules', '__pycache__', 'build', 'dist', '.tox', '.mypy_cache', '.pytest_cache'}


class _Unsupported(AttributeError):
    pass


def __getattr__(name):
    raise _Unsupported(f"pytest.{name} is not in Phasegate's offline pytest yet (it has discovery and plain assert)")


def _is_test_file(name):
    return name.endswith('.py') and (name.startswith('test_') or name.endswith('_test.py'))


def _collect_files(paths):
    files = []
    for path in paths:
        if os.path.isfile(path):
            files.append(os.path.abspath(path))
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith('.'))
            files.extend(os.path.abspath(os.path.join(dirpath, f)) for f in sorted(filenames) if _is_test_file(f))
    return files


_OPS = {ast.Eq: '==', ast.NotEq: '!=', ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=', ast.Is: 'is', ast.IsNot: 'is not', ast.In: 'in', ast.NotIn: 'not in'}


class _AssertRewriter(ast.NodeTransformer):
    """An assert of one comparison fails with the compared values, as pytest shows them."""

    def __init__(self):
        self.count = 0

    def visit_Assert(self, node):
        test = node.test
        source = ast.unparse(test)
        msg = ast.unparse(node.msg) if node.msg is not None else None
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPS:
            self.count += 1
            left, right = f'__pg_left{self.count}', f'__pg_right{self.count}'
            op = _OPS[type(test.ops[0])]
            code = (
                f'{left} = ({ast.unparse(test.left)})\n'
                f'{right} = ({ast.unparse(test.comparators[0])})\n'
                f'if not ({left} {op} {right}):\n'
                f'    raise AssertionError(__import__("pytest")._explain({left}, {op!r}, {right}, {source!r}, {msg or "None"}))\n'
            )
        else:
            code = f'if not ({source}):\n    raise AssertionError(__import__("pytest")._explain_plain({source!r}, {msg or "None"}))\n'
        statements = ast.parse(code).body
        for statement in statements:
            ast.copy_location(statement, node)
            ast.fix_missing_locations(statement)
            for child in ast.walk(statement):
                if hasattr(child, 'lineno'):
                    child.lineno = node.lineno
                    child.end_lineno = node.end_lineno
        return statements


def _explain(left, op, right, source, msg):
    head = f'{msg}\n' if msg is not None else ''
    return f'{head}assert {left!r} {op} {right!r}\n +  where the assertion was: assert {source}'


def _explain_plain(source, msg):
    head = f'{msg}\n' if msg is not None else ''
    return f'{head}assert {source}'


def _load(path, rootdir):
    # Like pytest's default (prepend) import mode: the first folder up without __init__.py goes on sys.path.
    base = os.path.dirname(path)
    parts = [os.path.splitext(os.path.basename(path))[0]]
    while os.path.exists(os.path.join(base, '__init__.py')):
        parts.insert(0, os.path.basename(base))
        base = os.path.dirname(base)
    if base not in sys.path:
        sys.path.insert(0, base)
    name = '.'.join(parts)
    with open(path, encoding='utf-8') as file:
        tree = ast.parse(file.read(), path)
    tree = _AssertRewriter().visit(tree)
    ast.fix_missing_locations(tree)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    exec(compile(tree, path, 'exec'), module.__dict__)
    return module


def _tests_of(module, relpath):
    found = []
    for name, value in list(vars(module).items()):
        if name.startswith('test') and inspect.isfunction(value) and value.__module__ == module.__name__:
            found.append((f'{relpath}::{name}', None, value))
        elif name.startswith('Test') and inspect.isclass(value) and value.__module__ == module.__name__ and '__init__' not in vars(value):
            for attr in sorted(dir(value)):
                if attr.startswith('test') and callable(getattr(value, attr)):
                    found.append((f'{relpath}::{name}::{attr}', value, attr))
    found.sort(key=lambda item: _line_of(item))
    return found


def _line_of(item):
    _, cls, target = item
    function = getattr(cls, target) if cls is not None else target
    code = getattr(function, '__code__', None)
    return code.co_firstlineno if code else 0


def _call(cls, target):
    if cls is None:
        params = [p for p in inspect.signature(target).parameters]
        if params:
            raise _Unsupported(f"fixture '{params[0]}' not found (Phasegate's offline pytest has no fixtures yet)")
        return target()
    instance = cls()
    return getattr(instance, target)()


def _short(error):
    text = str(error).split('\n')[0]
    return f'{type(error).__name__}: {text}' if not isinstance(error, AssertionError) else text or 'AssertionError'


def main(args=None):
    args = list(sys.argv[1:] if args is None else args)
    quiet = verbose = exitfirst = False
    keyword = None
    paths = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ('-q', '--quiet'):
            quiet = True
        elif arg in ('-v', '--verbose'):
            verbose = True
        elif arg in ('-x', '--exitfirst'):
            exitfirst = True
        elif arg == '-k' and i + 1 < len(args):
            i += 1
            keyword = args[i]
        elif arg.startswith('-'):
            print(f"ERROR: Phasegate's offline pytest does not support the option {arg}", file=sys.stderr)
            return 4
        else:
            paths.append(arg)
        i += 1
    rootdir = os.getcwd()
    started = time.perf_counter()
    if not quiet:
        print("=" * 20 + " test session starts (Phasegate's offline pytest) " + "=" * 20)
        print(f'rootdir: {rootdir}')
    items, errors = [], []
    for path in _collect_files(paths or ['.']):
        relpath = os.path.relpath(path, rootdir)
        try:
            module = _load(path, rootdir)
        except BaseException as error:
            errors.append((relpath, error))
            continue
        items.extend((relpath, *item) for item in _tests_of(module, relpath))
    if keyword:
        items = [item for item in items if keyword.lower() in item[1].lower()]
    if not quiet:
        print(f'collected {len(items)} item{"" if len(items) == 1 else "s"}{f" / {len(errors)} error" + ("s" if len(errors) != 1 else "") if errors else ""}\n')
    failures = []
    passed = 0
    current = None
    for relpath, nodeid, cls, target in items:
        try:
            _call(cls, target)
            outcome = 'PASSED'
            passed += 1
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            outcome = 'FAILED'
            failures.append((nodeid, error))
        if verbose:
            print(f'{nodeid} {outcome}')
        else:
            if relpath != current:
                if current is not None:
                    print()
                print(relpath + ' ', end='')
                current = relpath
            print('.' if outcome == 'PASSED' else 'F', end='')
        if failures and exitfirst:
            break
    if current is not None and not verbose:
        print()
    for relpath, error in errors:
        print('\n' + '_' * 20 + f' ERROR collecting {relpath} ' + '_' * 20)
        traceback.print_exception(type(error), error, error.__traceback__)
    if failures:
        print('\n' + '=' * 30 + ' FAILURES ' + '=' * 30)
        for nodeid, error in failures:
            print('_' * 20 + f' {nodeid.split("::", 1)[1]} ' + '_' * 20)
            tb = error.__traceback__
            while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
                tb = tb.tb_next
            lines = traceback.format_exception(type(error), error, tb)
            print(''.join(lines[:-1]).rstrip())
            for line in ''.join(traceback.format_exception_only(type(error), error)).rstrip().split('\n'):
                print(f'E       {line}')
    if failures or errors:
        print('=' * 20 + ' short test summary info ' + '=' * 20)
        for nodeid, error in failures:
            print(f'FAILED {nodeid} - {_short(error)}')
        for relpath, error in errors:
            print(f'ERROR {relpath} - {_short(error)}')
    counts = []
    if failures:
        counts.append(f'{len(failures)} failed')
    if passed:
        counts.append(f'{passed} passed')
    if errors:
        counts.append(f'{len(errors)} error{"s" if len(errors) != 1 else ""}')
    summary = ', '.join(counts) or 'no tests ran'
    line = f'{summary} in {time.perf_counter() - started:.2f}s'
    print(line if quiet else '=' * 20 + f' {line} ' + '=' * 20)
    if errors:
        return 2
    if failures:
        return 1
    return 0 if items else 5


if __name__ == '__main__':
    sys.exit(main())
`;
