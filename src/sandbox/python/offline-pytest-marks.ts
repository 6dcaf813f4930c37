/**
 * Phasegate's offline pytest, the module `_pgpytest_marks`: outcomes (skip, fail, xfail, importorskip), `pytest.mark` and `pytest.param`, the
 * parametrize ids and the skip/skipif/xfail conditions. A plugin's mark (asyncio, timeout, ...) fails naming the plugin.
 */
export const PYTEST_MARKS = String.raw`"""Outcomes (skip, fail, xfail), marks and pytest.param for Phasegate's offline pytest."""
import enum
import inspect
import os
import re
import sys


class Unsupported(AttributeError):
    """What a test asks for that Phasegate's offline pytest does not have."""


def missing(what):
    return Unsupported(f"{what} is not in Phasegate's offline pytest (a subset of pytest, without plugins)")


class OutcomeException(BaseException):
    def __init__(self, msg=''):
        super().__init__(msg)
        self.msg = msg


class Skipped(OutcomeException):
    def __init__(self, msg='', allow_module_level=False):
        super().__init__(msg)
        self.allow_module_level = allow_module_level


class Failed(OutcomeException):
    pass


class XFailed(OutcomeException):
    pass


# Reported as pytest names them ("Failed: DID NOT RAISE ...").
for _outcome in (Skipped, Failed, XFailed, Unsupported):
    _outcome.__module__ = 'builtins'


def skip(reason='', *, allow_module_level=False, msg=None):
    raise Skipped(reason if msg is None else msg, allow_module_level)


def fail(reason='', pytrace=True, msg=None):
    raise Failed(reason if msg is None else msg)


def xfail(reason=''):
    raise XFailed(reason)


skip.Exception = Skipped
fail.Exception = Failed
xfail.Exception = XFailed


def importorskip(modname, minversion=None, reason=None, exc_type=None):
    import importlib

    try:
        module = importlib.import_module(modname)
    except ImportError as error:
        raise Skipped(reason or f'could not import {modname!r}: {error}', allow_module_level=True) from None
    if minversion is not None:
        have = tuple(int(p) for p in re.findall(r'\d+', str(getattr(module, '__version__', '0')))[:3])
        want = tuple(int(p) for p in re.findall(r'\d+', str(minversion))[:3])
        if have < want:
            raise Skipped(f'module {modname!r} has __version__ {module.__version__!r}, required is: {minversion!r}', allow_module_level=True)
    return module


_PLUGIN_MARKS = {
    'asyncio': 'pytest-asyncio', 'anyio': 'anyio', 'trio': 'pytest-trio', 'django_db': 'pytest-django',
    'timeout': 'pytest-timeout', 'flaky': 'flaky', 'order': 'pytest-order', 'dependency': 'pytest-dependency',
    'benchmark': 'pytest-benchmark', 'freeze_time': 'pytest-freezer', 'vcr': 'pytest-recording', 'respx': 'respx',
}
_MISSPELT = {'parameterize': 'parametrize', 'parametrise': 'parametrize', 'parameterise': 'parametrize'}


class Mark:
    def __init__(self, name, args, kwargs):
        self.name, self.args, self.kwargs = name, args, kwargs

    def __repr__(self):
        return f'Mark(name={self.name!r}, args={self.args!r}, kwargs={self.kwargs!r})'


def _store(target, mark):
    own = vars(target).get('pytestmark', []) if inspect.isclass(target) else getattr(target, 'pytestmark', [])
    target.pytestmark = [*(own if isinstance(own, list) else [own]), mark]


class MarkDecorator:
    def __init__(self, mark):
        self.mark = mark

    name = property(lambda self: self.mark.name)
    args = property(lambda self: self.mark.args)
    kwargs = property(lambda self: self.mark.kwargs)

    def with_args(self, *args, **kwargs):
        return MarkDecorator(Mark(self.name, self.args + args, {**self.kwargs, **kwargs}))

    def __call__(self, *args, **kwargs):
        target = args[0] if len(args) == 1 and not kwargs else None
        if inspect.isclass(target) or inspect.isfunction(target) and target.__name__ != '<lambda>':
            _store(args[0], self.mark)
            return args[0]
        return self.with_args(*args, **kwargs)


class MarkGenerator:
    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        if name in _PLUGIN_MARKS:
            raise missing(f'pytest.mark.{name} (from the plugin {_PLUGIN_MARKS[name]})')
        if name in _MISSPELT:
            raise AttributeError(f"Unknown {name!r} mark, did you mean {_MISSPELT[name]!r}?")
        return MarkDecorator(Mark(name, (), {}))


mark = MarkGenerator()


class ParameterSet:
    def __init__(self, values, marks, id):
        self.values, self.marks, self.id = values, marks, id


def param(*values, marks=(), id=None):
    marks = [marks] if isinstance(marks, (Mark, MarkDecorator)) else list(marks)
    return ParameterSet(values, [getattr(m, 'mark', m) for m in marks], id)


def marks_of(*objects):
    found = []
    for obj in objects:
        if obj is None:
            continue
        own = vars(obj).get('pytestmark', []) if inspect.isclass(obj) or inspect.ismodule(obj) else getattr(obj, 'pytestmark', [])
        for item in own if isinstance(own, (list, tuple)) else [own]:
            found.append(getattr(item, 'mark', item))
    return found


def idval(value, argname, index, idfn=None):
    if idfn is not None:
        made = idfn(value)
        if made is not None:
            return str(made)
    if isinstance(value, str):
        return value.encode('unicode_escape').decode('ascii')
    if isinstance(value, bytes):
        return value.decode('ascii', 'backslashreplace')
    if value is None or isinstance(value, (int, float, complex, bool, enum.Enum)):
        return str(value)
    if isinstance(value, re.Pattern):
        return value.pattern
    if (inspect.isclass(value) or inspect.isfunction(value)) and hasattr(value, '__name__'):
        return value.__name__
    return f'{argname}{index}'


def unique_ids(ids):
    counts = {i: ids.count(i) for i in ids}
    seen = {}
    result = []
    for i in ids:
        if counts[i] > 1:
            n = seen.get(i, 0)
            seen[i] = n + 1
            result.append(f'{i}{n}')
        else:
            result.append(i)
    return result


def parameter_sets(m):
    """A parametrize mark as (names, [(values, id, marks)])."""
    args, kwargs = m.args, m.kwargs
    argnames = args[0] if args else kwargs.get('argnames')
    argvalues = args[1] if len(args) > 1 else kwargs.get('argvalues', [])
    if kwargs.get('indirect'):
        raise missing('parametrize(indirect=...)')
    if kwargs.get('scope'):
        raise missing('parametrize(scope=...)')
    names = [n.strip() for n in argnames.split(',') if n.strip()] if isinstance(argnames, str) else list(argnames)
    ids = kwargs.get('ids')
    sets = []
    for index, value in enumerate(argvalues):
        if isinstance(value, ParameterSet):
            values, marks, given = value.values, value.marks, value.id
        else:
            # As pytest: one name in a string takes each value whole; names in a list or tuple unpack it.
            values, marks, given = ((value,) if isinstance(argnames, str) and len(names) == 1 else tuple(value)), [], None
        if len(values) != len(names):
            raise ValueError(f'in parametrize, {names!r} needs {len(names)} values, got {len(values)}: {values!r}')
        if given is None and ids is not None and not callable(ids) and index < len(ids):
            given = ids[index]
        if given is None:
            idfn = ids if callable(ids) else None
            given = '-'.join(idval(v, n, index, idfn) for v, n in zip(values, names))
        sets.append((dict(zip(names, values)), str(given), marks))
    final = unique_ids([s[1] for s in sets])
    return names, [(values, final[i], marks) for i, (values, _, marks) in enumerate(sets)]


def _condition(condition, reason, globs, markname):
    if isinstance(condition, str):
        import platform

        namespace = {'os': os, 'sys': sys, 'platform': platform, **globs}
        try:
            result = eval(condition, namespace)
        except Exception as error:
            raise ValueError(f'Error evaluating {markname!r} condition {condition!r}: {error}') from None
        return bool(result), reason if reason is not None else f'condition: {condition}'
    if reason is None:
        raise ValueError(f'Error evaluating {markname!r}: you need to specify reason=STRING when using booleans as conditions.')
    return bool(condition), reason


def _conditions(m):
    if m.args:
        return m.args
    return (m.kwargs['condition'],) if 'condition' in m.kwargs else ()


def skip_reason(marks, globs):
    """Why the marks skip a test, or None."""
    for m in marks:
        if m.name == 'skip':
            return m.kwargs.get('reason', m.args[0] if m.args else 'unconditional skip')
        if m.name == 'skipif':
            conditions = _conditions(m)
            if not conditions:
                return m.kwargs.get('reason', '')
            for condition in conditions:
                hit, reason = _condition(condition, m.kwargs.get('reason'), globs, 'skipif')
                if hit:
                    return reason
    return None


class XfailSpec:
    def __init__(self, reason, raises, run, strict):
        self.reason, self.raises, self.run, self.strict = reason, raises, run, strict


def xfail_spec(marks, globs, strict_default):
    """The xfail mark that applies, or None."""
    for m in marks:
        if m.name != 'xfail':
            continue
        reason = m.kwargs.get('reason', '')
        conditions = _conditions(m)
        if conditions:
            hits = [_condition(c, m.kwargs.get('reason'), globs, 'xfail') for c in conditions]
            hit = next((r for h, r in hits if h), None)
            if hit is None:
                continue
            reason = hit
        return XfailSpec(reason, m.kwargs.get('raises'), m.kwargs.get('run', True), m.kwargs.get('strict', strict_default))
    return None


def check_marks(marks):
    for m in marks:
        if m.name in _PLUGIN_MARKS:
            raise missing(f'pytest.mark.{m.name} (from the plugin {_PLUGIN_MARKS[m.name]})')
`;
