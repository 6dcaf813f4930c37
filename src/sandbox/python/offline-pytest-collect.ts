/**
 * Phasegate's offline pytest, the module `_pgpytest_collect`: collection: test files (python_files), conftest.py files from the rootdir down
 * (collect_ignore, hooks other than pytest_configure fail naming them), test functions, Test classes,
 * unittest.TestCase classes, xunit setup/teardown, parametrize and fixture params as items.
 */
export const PYTEST_COLLECT = String.raw`"""Collection for Phasegate's offline pytest: test files, conftest.py files, test items and their parameters."""
import fnmatch
import importlib.util
import inspect
import os
import sys

from _pgpytest_fixtures import FixtureDef, argnames_of, fixtures_in
from _pgpytest_marks import Mark, Skipped, check_marks, marks_of, missing, parameter_sets
from _pgpytest_rewrite import rewrite

_NORECURSE = ['*.egg', '.*', '_darcs', 'build', 'CVS', 'dist', 'node_modules', 'venv', '{arch}', '__pycache__']
# conftest.py hooks this subset runs; any other pytest_* hook fails naming it.
_RUN_HOOKS = {'pytest_configure'}


class Item:
    def __init__(self, **fields):
        self.instance = None
        self.broken = None
        self.__dict__.update(fields)


def load_module(path):
    """Imports a test file or conftest.py as pytest's default (prepend) import mode does, asserts rewritten."""
    base = os.path.dirname(path)
    parts = [os.path.splitext(os.path.basename(path))[0]]
    while os.path.exists(os.path.join(base, '__init__.py')):
        parts.insert(0, os.path.basename(base))
        base = os.path.dirname(base)
    if base not in sys.path:
        sys.path.insert(0, base)
    name = '.'.join(parts)
    if len(parts) > 1:
        __import__(parts[0])
    with open(path, encoding='utf-8') as file:
        code = rewrite(file.read(), path)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _matches(name, patterns):
    return any(fnmatch.fnmatch(name, p) if any(c in p for c in '*?[') else name.startswith(p) for p in patterns)


def _call_optional(func, arg):
    params = [p for p in inspect.signature(func).parameters.values() if p.default is inspect.Parameter.empty]
    return func(arg) if params else func()


def _xunit_fixture(scope, name, setup, teardown, arg_of):
    """pytest's xunit-style setup_module/setup_class/setup_method (and unittest's class and module hooks) as an autouse fixture."""

    def xunit(request):
        arg = arg_of(request)
        if setup is not None:
            _call_optional(setup, arg)
        yield
        if teardown is not None:
            _call_optional(teardown, arg)

    xunit.__name__ = name
    return FixtureDef(xunit, scope, None, True, None, name)


class Collector:
    def __init__(self, config, manager):
        self.config, self.manager = config, manager
        self.rootdir = config.rootdir
        self.files = config.getini('python_files') or ['test_*.py', '*_test.py']
        self.classes = config.getini('python_classes') or ['Test']
        self.functions = config.getini('python_functions') or ['test']
        self.norecurse = config.getini('norecursedirs') or _NORECURSE
        self.conftests = {}
        self.seen = set()
        self.items, self.errors, self.skipped_modules = [], [], []

    def relpath(self, path):
        return os.path.relpath(path, self.rootdir).replace(os.sep, '/')

    def _conftest(self, folder):
        if folder not in self.conftests:
            self.conftests[folder] = None
            path = os.path.join(folder, 'conftest.py')
            if os.path.isfile(path):
                module = load_module(path)
                self._check_hooks(module, self.relpath(path), conftest=True)
                self.conftests[folder] = module
        return self.conftests[folder]

    def _check_hooks(self, module, relpath, conftest):
        if getattr(module, 'pytest_plugins', None):
            raise missing(f'pytest_plugins (plugins, asked for in {relpath})')
        for name, value in list(vars(module).items()):
            if name.startswith('pytest_') and callable(value):
                if not conftest or name not in _RUN_HOOKS:
                    raise missing(f'the hook {name} (in {relpath})')
                value(self.config)

    def _chain(self, folder):
        """The conftest.py modules that apply in a folder, from the rootdir down."""
        folders = []
        current = folder
        while True:
            folders.insert(0, current)
            if current == self.rootdir or os.path.dirname(current) == current:
                break
            current = os.path.dirname(current)
        if not (folder + os.sep).startswith(self.rootdir + os.sep) and folder != self.rootdir:
            folders = [folder]
        return [m for m in (self._conftest(f) for f in folders) if m is not None]

    def _ignored(self, path, chain):
        for module in chain:
            folder = os.path.dirname(module.__file__)
            for entry in getattr(module, 'collect_ignore', []):
                if os.path.abspath(os.path.join(folder, entry)) == path:
                    return True
            for pattern in getattr(module, 'collect_ignore_glob', []):
                if fnmatch.fnmatch(path, os.path.join(folder, pattern)):
                    return True
        return False

    def collect(self, path):
        if os.path.isdir(path):
            self._walk(path)
        else:
            self._collect_file(path)

    def _walk(self, folder):
        try:
            chain = self._chain(folder)
        except Exception as error:
            self.errors.append((self.relpath(os.path.join(folder, 'conftest.py')), error))
            return
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if self._ignored(path, chain):
                continue
            if os.path.isdir(path):
                if not any(fnmatch.fnmatch(name, p) for p in self.norecurse) and not os.path.exists(os.path.join(path, 'pyvenv.cfg')):
                    self._walk(path)
            elif name != 'conftest.py' and _matches(name, self.files) and name.endswith('.py'):
                self._collect_file(path)

    def _collect_file(self, path):
        if path in self.seen:
            return
        self.seen.add(path)
        relpath = self.relpath(path)
        try:
            chain = self._chain(os.path.dirname(path))
            module = load_module(path)
            self._check_hooks(module, relpath, conftest=False)
        except Skipped as skipped:
            if skipped.allow_module_level:
                self.skipped_modules.append((relpath, skipped.msg))
            else:
                self.errors.append((relpath, missing('pytest.skip outside a test without allow_module_level=True (it would skip the whole module)')))
            return
        except Exception as error:
            self.errors.append((relpath, error))
            return
        try:
            self._collect_module(module, path, relpath, chain)
        except Exception as error:
            self.errors.append((relpath, error))

    def _collect_module(self, module, path, relpath, chain):
        conftest_fixtures = [fixtures_in(vars(c)) for c in reversed(chain)]
        module_fixtures = fixtures_in(vars(module))
        xunit = {}
        setup = getattr(module, 'setup_module', None) or getattr(module, 'setUpModule', None)
        teardown = getattr(module, 'teardown_module', None) or getattr(module, 'tearDownModule', None)
        if setup or teardown:
            xunit['_xunit_module'] = _xunit_fixture('module', '_xunit_module', setup, teardown, lambda r: module)
        setup, teardown = getattr(module, 'setup_function', None), getattr(module, 'teardown_function', None)
        function_xunit = {'_xunit_function': _xunit_fixture('function', '_xunit_function', setup, teardown, lambda r: r.function)} if setup or teardown else {}
        # unittest is slow to import: a module that has TestCase classes has imported it already.
        testcase = getattr(sys.modules.get('unittest'), 'TestCase', None)
        for name, value in list(vars(module).items()):
            if testcase is not None and inspect.isclass(value) and issubclass(value, testcase):
                if value is not testcase:
                    self._collect_unittest(module, path, relpath, value, [xunit, module_fixtures, *conftest_fixtures])
            elif inspect.isclass(value) and _matches(name, self.classes):
                # As pytest: a class with its own constructor is not a test class.
                if value.__init__ is object.__init__ and value.__new__ is object.__new__:
                    self._collect_class(module, path, relpath, value, [xunit, module_fixtures, *conftest_fixtures])
            elif (inspect.isfunction(value) or isinstance(value, staticmethod)) and _matches(name, self.functions) and not hasattr(value, '_pgpytest_fixture'):
                self._add(module, path, relpath, None, name, value, [function_xunit, xunit, module_fixtures, *conftest_fixtures])

    def _collect_class(self, module, path, relpath, cls, outer):
        class_fixtures = {}
        for base in reversed(cls.__mro__):
            class_fixtures.update(fixtures_in(vars(base)))
        class_xunit = {}
        setup, teardown = getattr(cls, 'setup_class', None), getattr(cls, 'teardown_class', None)
        if setup or teardown:
            class_xunit['_xunit_class'] = _xunit_fixture('class', '_xunit_class', setup, teardown, lambda r: r.cls)
        if getattr(cls, 'setup_method', None) or getattr(cls, 'teardown_method', None):
            class_xunit['_xunit_method'] = self._method_xunit()
        chain = [class_xunit, class_fixtures, *outer]
        seen = set()
        for base in cls.__mro__:
            for attr in vars(base):
                if attr in seen or not _matches(attr, self.functions):
                    continue
                seen.add(attr)
                function = getattr(cls, attr)
                if callable(function) and not hasattr(function, '_pgpytest_fixture'):
                    self._add(module, path, relpath, cls, attr, function, chain)

    def _method_xunit(self):
        def xunit(request):
            instance = request.instance
            setup = getattr(instance, 'setup_method', None)
            if setup is not None:
                _call_optional(setup, request.function)
            yield
            teardown = getattr(instance, 'teardown_method', None)
            if teardown is not None:
                _call_optional(teardown, request.function)

        return FixtureDef(xunit, 'function', None, True, None, '_xunit_method')

    def _autouse(self, chain):
        names = []
        for namespace in reversed(chain):
            for name, definition in namespace.items():
                if definition.autouse and name not in names:
                    names.append(name)
        return names

    def _collect_unittest(self, module, path, relpath, cls, chain):
        def class_hooks(request):
            cls.setUpClass()
            yield
            cls.tearDownClass()
            cls.doClassCleanups()

        chain = [{'_unittest_class': FixtureDef(class_hooks, 'class', None, True, None, '_unittest_class')}, *chain]
        for name in sys.modules['unittest'].TestLoader().getTestCaseNames(cls):
            function = getattr(cls, name)
            marks = marks_of(function, cls, module)
            nodeid = f'{relpath}::{cls.__name__}::{name}'
            self.items.append(Item(
                nodeid=nodeid, name=name, funcname=name, path=path, relpath=relpath, module=module, cls=cls,
                function=function, marks=marks, params={}, fixture_params={}, argnames=[], autouse=self._autouse(chain),
                fixture_chain=chain, kind='unittest', keywords={name, cls.__name__, os.path.basename(path), *(m.name for m in marks)}))

    def _add(self, module, path, relpath, cls, name, function, chain):
        raw = inspect.getattr_static(cls, name) if cls is not None else function
        if isinstance(raw, staticmethod):
            function = raw.__func__
        marks = marks_of(function, cls, module)
        check_marks(marks)
        if self.config.strict_markers:
            self._check_registered(marks)
        skip_first = cls is not None and inspect.isfunction(getattr(cls, name)) and not isinstance(raw, staticmethod)
        argnames = argnames_of(function, skip_first)
        combos = [({}, [], [])]
        for m in [m for m in marks if m.name == 'parametrize']:
            names, sets = parameter_sets(m)
            unknown = [n for n in names if n not in argnames]
            if unknown:
                raise ValueError(f'In {name}: function uses no argument {unknown[0]!r}')
            if not sets:
                reason = f'got empty parameter set {names!r}, function {name}'
                sets = [({n: None for n in names}, f'{names[0]}0', [Mark('skip', (), {'reason': reason})])]
            combos = [({**p, **values}, ids + [pid], ms + pmarks) for p, ids, ms in combos for values, pid, pmarks in sets]
        used = [n for m in marks if m.name == 'usefixtures' for n in m.args]
        autouse = self._autouse(chain) + used + self.config.getini('usefixtures')
        base = f'{relpath}::{cls.__name__ + "::" if cls is not None else ""}{name}'
        for params, ids, param_marks in combos:
            probe = Item(params=params, fixture_chain=chain)
            for fixture_combo in self._fixture_params(probe, autouse + argnames):
                fixture_params, fixture_ids = fixture_combo
                all_ids = ids + fixture_ids
                suffix = f'[{"-".join(all_ids)}]' if all_ids else ''
                item_marks = param_marks + marks
                item = Item(
                    nodeid=base + suffix, name=name + suffix, funcname=name, path=path, relpath=relpath, module=module,
                    cls=cls, function=function, marks=item_marks, params=params, fixture_params=fixture_params,
                    argnames=argnames, autouse=autouse, fixture_chain=chain, kind='function',
                    keywords={name + suffix, os.path.basename(path), *([cls.__name__] if cls else []), *(m.name for m in item_marks)})
                if inspect.iscoroutinefunction(function):
                    item.broken = missing('async def tests (they need a plugin such as pytest-asyncio or anyio)')
                elif inspect.isgeneratorfunction(function):
                    item.broken = missing('yield tests (pytest removed them in 4.0)')
                self.items.append(item)

    def _check_registered(self, marks):
        known = {'parametrize', 'skip', 'skipif', 'xfail', 'usefixtures', 'filterwarnings'}
        known.update(line.split(':')[0].split('(')[0].strip() for line in self.config.getini('markers'))
        for m in marks:
            if m.name not in known:
                raise ValueError(f"{m.name!r} not found in the markers configuration option (--strict-markers)")

    def _fixture_params(self, probe, names):
        combos = [({}, [])]
        for name, definition in self.manager.closure(probe, names):
            if definition is None or definition.params is None:
                continue
            ids = definition.param_ids()
            combos = [({**p, name: index}, i + [ids[index]]) for p, i in combos for index in range(len(definition.params))]
        return combos
`;
