/**
 * Phasegate's offline pytest, the module `_pgpytest_builtins`: the built-in fixtures: `tmp_path` and `tmp_path_factory` (under Python's own
 * temp folder), `capsys`, `monkeypatch` (undone after the test) and `pytestconfig`.
 */
export const PYTEST_BUILTINS = String.raw`"""The built-in fixtures of Phasegate's offline pytest: tmp_path, tmp_path_factory, capsys, monkeypatch, pytestconfig."""
import collections
import contextlib
import importlib
import inspect
import io
import os
import pathlib
import re
import shutil
import sys
import tempfile

from _pgpytest_fixtures import fixture, fixtures_in

_NOTSET = object()


class TempPathFactory:
    def __init__(self):
        self._base = None

    def getbasetemp(self):
        # As pytest: /tmp/pytest-of-USER/pytest-N, the newest three kept (Python's file system is in memory).
        if self._base is None:
            parent = pathlib.Path(tempfile.gettempdir()) / 'pytest-of-phasegate'
            parent.mkdir(parents=True, exist_ok=True)
            numbers = sorted(int(p.name[7:]) for p in parent.iterdir() if re.fullmatch(r'pytest-\d+', p.name))
            for old in numbers[:-2]:
                shutil.rmtree(parent / f'pytest-{old}', ignore_errors=True)
            self._base = parent / f'pytest-{numbers[-1] + 1 if numbers else 0}'
            self._base.mkdir()
        return self._base

    def mktemp(self, basename, numbered=True):
        base = self.getbasetemp()
        if not numbered:
            path = base / basename
            path.mkdir()
            return path
        n = 0
        while (base / f'{basename}{n}').exists():
            n += 1
        path = base / f'{basename}{n}'
        path.mkdir()
        return path


CaptureResult = collections.namedtuple('CaptureResult', ['out', 'err'])


class CaptureFixture:
    def __init__(self):
        self._out, self._err = io.StringIO(), io.StringIO()
        self._saved = None

    def __class_getitem__(cls, item):
        return cls

    def _start(self):
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self._out, self._err

    def _stop(self):
        if self._saved is not None:
            sys.stdout, sys.stderr = self._saved
            self._saved = None

    def readouterr(self):
        result = CaptureResult(self._out.getvalue(), self._err.getvalue())
        for stream in (self._out, self._err):
            stream.seek(0)
            stream.truncate()
        return result

    @contextlib.contextmanager
    def disabled(self):
        current = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        try:
            yield
        finally:
            sys.stdout, sys.stderr = current


def _resolve(dotted):
    parts = dotted.split('.')
    for cut in range(len(parts) - 1, 0, -1):
        try:
            target = importlib.import_module('.'.join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:-1]:
            target = getattr(target, part)
        return target, parts[-1]
    raise ValueError(f'must be an absolute import path such as "os.getcwd", not {dotted!r}')


class MonkeyPatch:
    def __init__(self):
        self._attrs, self._items = [], []
        self._cwd = self._syspath = None

    @classmethod
    @contextlib.contextmanager
    def context(cls):
        patch = cls()
        try:
            yield patch
        finally:
            patch.undo()

    def _old(self, target, name):
        if inspect.isclass(target):
            return target.__dict__.get(name, _NOTSET)
        return getattr(target, name, _NOTSET)

    def setattr(self, target, name, value=_NOTSET, raising=True):
        if value is _NOTSET:
            if not isinstance(target, str):
                raise TypeError('use setattr(target, name, value), or setattr("module.attr", value)')
            value = name
            target, name = _resolve(target)
        if raising and not hasattr(target, name):
            raise AttributeError(f'{target!r} has no attribute {name!r}')
        self._attrs.append((target, name, self._old(target, name)))
        setattr(target, name, value)

    def delattr(self, target, name=_NOTSET, raising=True):
        if name is _NOTSET:
            target, name = _resolve(target)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        self._attrs.append((target, name, self._old(target, name)))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._items.append((dic, name, dic.get(name, _NOTSET)))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._items.append((dic, name, dic.get(name, _NOTSET)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        self.delitem(os.environ, name, raising)

    def syspath_prepend(self, path):
        if self._syspath is None:
            self._syspath = sys.path[:]
        sys.path.insert(0, str(path))
        importlib.invalidate_caches()

    def chdir(self, path):
        if self._cwd is None:
            self._cwd = os.getcwd()
        os.chdir(path)

    def undo(self):
        for target, name, value in reversed(self._attrs):
            if value is _NOTSET:
                delattr(target, name)
            else:
                setattr(target, name, value)
        self._attrs.clear()
        for dic, name, value in reversed(self._items):
            if value is _NOTSET:
                dic.pop(name, None)
            else:
                dic[name] = value
        self._items.clear()
        if self._syspath is not None:
            sys.path[:] = self._syspath
            self._syspath = None
        if self._cwd is not None:
            os.chdir(self._cwd)
            self._cwd = None


@fixture(scope='session')
def tmp_path_factory():
    return TempPathFactory()


@fixture
def tmp_path(request, tmp_path_factory):
    return tmp_path_factory.mktemp(re.sub(r'\W', '_', request.node.name)[:30])


@fixture
def capsys():
    capture = CaptureFixture()
    capture._start()
    yield capture
    capture._stop()


@fixture
def monkeypatch():
    patch = MonkeyPatch()
    yield patch
    patch.undo()


@fixture(scope='session')
def pytestconfig(request):
    return request.config


BUILTIN_FIXTURES = fixtures_in(dict(globals()))
`;
