/**
 * Phasegate's offline pytest, the module `_pgpytest_fixtures`: fixtures: `@pytest.fixture` (scopes function/class/module/session, params,
 * autouse, yield teardown), lookup (class, module, conftest.py files, built-ins), the cache per scope,
 * `request`, and "fixture 'x' not found" (naming pytest's built-ins and plugin fixtures it lacks).
 */
export const PYTEST_FIXTURES = String.raw`"""Fixtures for Phasegate's offline pytest: the decorator, lookup, scopes, caching and teardown."""
import inspect

from _pgpytest_marks import idval, missing, unique_ids

SCOPES = ('session', 'module', 'class', 'function')

# Fixtures pytest or its usual plugins have that this subset does not: named when a test asks for one.
_NOT_HERE = {
    'capfd': 'the built-in fixture capfd', 'capfdbinary': 'the built-in fixture capfdbinary',
    'capsysbinary': 'the built-in fixture capsysbinary', 'caplog': 'the built-in fixture caplog',
    'tmpdir': 'the built-in fixture tmpdir (use tmp_path)', 'tmpdir_factory': 'the built-in fixture tmpdir_factory (use tmp_path_factory)',
    'recwarn': 'the built-in fixture recwarn (use pytest.warns)', 'doctest_namespace': 'the built-in fixture doctest_namespace',
    'cache': 'the built-in fixture cache', 'record_property': 'the built-in fixture record_property',
    'record_testsuite_property': 'the built-in fixture record_testsuite_property',
    'record_xml_attribute': 'the built-in fixture record_xml_attribute', 'pytester': 'the built-in fixture pytester',
    'testdir': 'the built-in fixture testdir', 'subtests': 'the built-in fixture subtests',
    'mocker': 'the fixture mocker (from the plugin pytest-mock; use unittest.mock)',
    'benchmark': 'the fixture benchmark (from the plugin pytest-benchmark)',
    'event_loop': 'the fixture event_loop (from the plugin pytest-asyncio)',
    'httpx_mock': 'the fixture httpx_mock (from the plugin pytest-httpx)', 'requests_mock': 'the fixture requests_mock (from a plugin)',
    'db': 'the fixture db (from the plugin pytest-django)',
}


class FixtureDef:
    def __init__(self, func, scope, params, autouse, ids, name):
        if scope == 'package' or callable(scope):
            raise missing(f'the fixture scope {scope!r}')
        if scope not in SCOPES:
            raise ValueError(f"fixture {name!r} has an unknown scope {scope!r}")
        if inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func):
            raise missing(f'the async fixture {name!r} (async fixtures need a plugin such as pytest-asyncio)')
        self.func, self.scope, self.autouse, self.name = func, scope, autouse, name
        self.params = None if params is None else list(params)
        self.ids = ids
        argnames = argnames_of(func, skip_first=False)
        # A fixture defined in a test class is a method: it runs bound to the test's instance.
        self.method = argnames[:1] == ['self']
        self.argnames = argnames[1:] if self.method else argnames

    def param_ids(self):
        if callable(self.ids):
            return unique_ids([idval(p, self.name, i, self.ids) for i, p in enumerate(self.params)])
        if self.ids is not None:
            return unique_ids([str(self.ids[i]) if i < len(self.ids) and self.ids[i] is not None else idval(p, self.name, i) for i, p in enumerate(self.params)])
        return unique_ids([idval(p, self.name, i) for i, p in enumerate(self.params)])


def fixture(fixture_function=None, *, scope='function', params=None, autouse=False, ids=None, name=None):
    def mark(func):
        func._pgpytest_fixture = FixtureDef(func, scope, params, autouse, ids, name or func.__name__)
        return func

    if fixture_function is not None:
        if not callable(fixture_function):
            raise TypeError('pytest.fixture takes its options as keywords: @pytest.fixture(scope=...)')
        return mark(fixture_function)
    return mark


def fixtures_in(namespace):
    """The fixtures defined (or imported) in a module's or class's namespace, by name."""
    found = {}
    for value in list(namespace.values()):
        try:
            definition = getattr(value, '_pgpytest_fixture', None)
        except Exception:
            # A proxy or lazy object whose attributes raise is no fixture.
            continue
        if isinstance(definition, FixtureDef):
            found[definition.name] = definition
    return found


def argnames_of(func, skip_first):
    """The names a function asks for as fixtures (not those with defaults, not mock.patch's)."""
    try:
        params = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return []
    if skip_first and params:
        params = params[1:]
    params = params[len(getattr(func, 'patchings', ())):]
    return [p.name for p in params if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


class FixtureLookupError(Exception):
    def __init__(self, name, available):
        what = _NOT_HERE.get(name)
        if what:
            text = f"fixture {name!r} not found: {what} is not in Phasegate's offline pytest (a subset of pytest, without plugins)"
        else:
            text = f"fixture {name!r} not found\n>       available fixtures: {', '.join(sorted(available))}\n>       use 'pytest --fixtures [testpath]' for help on them."
        super().__init__(text)


FixtureLookupError.__module__ = 'builtins'


class ScopeMismatch(Exception):
    pass


ScopeMismatch.__module__ = 'builtins'


class Node:
    """The few parts of pytest's item a test or fixture may read through request.node."""

    def __init__(self, item):
        self._item = item
        self.name, self.nodeid = item.name, item.nodeid
        self.originalname = item.funcname

    def iter_markers(self, name=None):
        return (m for m in reversed(self._item.marks) if name is None or m.name == name)

    def get_closest_marker(self, name, default=None):
        return next(self.iter_markers(name), default)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        raise missing(f'request.node.{name}')


class FixtureRequest:
    def __init__(self, manager, item, definition):
        self._manager, self._item, self._definition = manager, item, definition
        self.fixturename = definition.name if definition else None
        self.scope = definition.scope if definition else 'function'
        self.node = Node(item)
        self.function, self.cls, self.module = item.function, item.cls, item.module
        self.instance = item.instance
        self.keywords = {m.name: m for m in item.marks}
        self.config = manager.config

    @property
    def param(self):
        if self._definition is None or self._definition.params is None:
            raise _NoParam()
        return self._definition.params[self._item.fixture_params[self._definition.name]]

    @property
    def param_index(self):
        return self._item.fixture_params.get(self.fixturename, 0)

    def addfinalizer(self, finalizer):
        self._manager.stacks[self.scope].append(finalizer)

    def getfixturevalue(self, name):
        return self._manager.value(name, self._item, self.scope)

    def applymarker(self, marker):
        self._item.marks.append(getattr(marker, 'mark', marker))

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        if name == 'param':
            raise AttributeError("request.param exists only in a fixture with params= (parametrize(indirect=...) is not in Phasegate's offline pytest)")
        raise missing(f'request.{name}')


class _NoParam(AttributeError):
    pass


class FixtureManager:
    """Values of fixtures, cached per scope; finalizers run when their scope ends."""

    def __init__(self, config, builtins):
        self.config, self.builtins = config, builtins
        self.stacks = {scope: [] for scope in SCOPES}
        self.cache = {scope: {} for scope in SCOPES}

    def lookup(self, name, item):
        for namespace in item.fixture_chain:
            if name in namespace:
                return namespace[name]
        return self.builtins.get(name)

    def available(self, item):
        names = set(self.builtins)
        for namespace in item.fixture_chain:
            names.update(namespace)
        return names

    def closure(self, item, initial):
        """The fixtures a test needs, in setup order (wider scopes first)."""
        order, seen = [], set()

        def visit(name):
            if name in seen or name in item.params or name == 'request':
                return
            seen.add(name)
            definition = self.lookup(name, item)
            if definition is not None:
                for arg in definition.argnames:
                    visit(arg)
            order.append((name, definition))

        for name in initial:
            visit(name)
        rank = {scope: i for i, scope in enumerate(SCOPES)}
        order.sort(key=lambda pair: rank[pair[1].scope] if pair[1] else len(SCOPES))
        return order

    def _scope_key(self, scope, item):
        if scope == 'session':
            return None
        if scope == 'module':
            return item.path
        if scope == 'class':
            return (item.path, item.cls)
        return item.nodeid

    def value(self, name, item, requester_scope):
        if name in item.params:
            return item.params[name]
        if name == 'request':
            return FixtureRequest(self, item, None)
        definition = self.lookup(name, item)
        if definition is None:
            raise FixtureLookupError(name, self.available(item))
        if SCOPES.index(definition.scope) > SCOPES.index(requester_scope):
            raise ScopeMismatch(f'You tried to access the {definition.scope} scoped fixture {name} with a {requester_scope} scoped request object.')
        key = (id(definition), item.fixture_params.get(name), self._scope_key(definition.scope, item))
        cache = self.cache[definition.scope]
        if key in cache:
            kind, value = cache[key]
            if kind == 'error':
                raise value
            return value
        try:
            value = self._make(definition, item)
        except Exception as error:
            cache[key] = ('error', error)
            raise
        cache[key] = ('value', value)
        return value

    def _make(self, definition, item):
        kwargs = {}
        for arg in definition.argnames:
            kwargs[arg] = FixtureRequest(self, item, definition) if arg == 'request' else self.value(arg, item, definition.scope)
        func = definition.func
        if definition.method:
            func = func.__get__(item.instance if item.instance is not None else item.cls())
        if inspect.isgeneratorfunction(definition.func):
            generator = func(**kwargs)
            try:
                value = next(generator)
            except StopIteration:
                raise ValueError(f'fixture {definition.name!r} did not yield a value') from None
            self.stacks[definition.scope].append(lambda: _finish(generator, definition.name))
            return value
        return func(**kwargs)

    def setup(self, item):
        """The keyword arguments for the test function, after setting up every fixture it needs."""
        for name, _ in self.closure(item, item.autouse + item.argnames):
            self.value(name, item, 'function')
        return {name: self.value(name, item, 'function') for name in item.argnames}

    def teardown(self, scope):
        """Ends a scope (and every narrower one): its finalizers, newest first. Returns the errors."""
        errors = []
        for current in reversed(SCOPES[SCOPES.index(scope):]):
            stack = self.stacks[current]
            while stack:
                try:
                    stack.pop()()
                except KeyboardInterrupt:
                    raise
                except BaseException as error:
                    errors.append(error)
            self.cache[current].clear()
        return errors


def _finish(generator, name):
    try:
        next(generator)
    except StopIteration:
        return
    raise ValueError(f"fixture {name!r} has more than one yield")
`;
