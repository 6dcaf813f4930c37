/**
 * Phasegate's offline pytest, the module `_pgpytest_checks`: `pytest.raises` (context manager and callable, `match=`), `pytest.warns` and
 * `pytest.approx` (numbers, sequences, dicts; rel/abs).
 */
export const PYTEST_CHECKS = String.raw`"""pytest.raises, pytest.warns and pytest.approx for Phasegate's offline pytest."""
import math
import re
import sys
import warnings
from collections.abc import Mapping

from _pgpytest_marks import Failed

_absolute = abs


class ExceptionInfo:
    def __init__(self):
        self._info = None

    def __class_getitem__(cls, item):
        return cls

    def _fill(self, info):
        self._info = info

    type = property(lambda self: self._info[0])
    value = property(lambda self: self._info[1])
    tb = property(lambda self: self._info[2])
    traceback = tb
    typename = property(lambda self: self._info[0].__name__)

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def match(self, regexp):
        text = str(self.value)
        if not re.search(regexp, text):
            raise AssertionError(f'Regex pattern did not match.\n Regex: {regexp!r}\n Input: {text!r}')
        return True

    def __repr__(self):
        return '<ExceptionInfo for raises contextmanager>' if self._info is None else f'<ExceptionInfo {self.value!r}>'


def _names(expected):
    if isinstance(expected, tuple):
        return f'any of {expected!r}'
    return repr(expected)


def _check_types(expected, what):
    types = expected if isinstance(expected, tuple) else (expected,)
    for item in types:
        if not (isinstance(item, type) and issubclass(item, what)):
            raise TypeError(f'expected a {what.__name__} type or a tuple of them, got {item!r}')


class RaisesContext:
    def __init__(self, expected, match):
        self.expected, self.match_expr = expected, match
        self.info = ExceptionInfo()

    def __enter__(self):
        return self.info

    def __exit__(self, exc_type, exc, tb):
        __tracebackhide__ = True
        if exc_type is None:
            raise Failed(f'DID NOT RAISE {_names(self.expected)}')
        if not issubclass(exc_type, self.expected):
            return False
        self.info._fill((exc_type, exc, tb))
        if self.match_expr is not None:
            self.info.match(self.match_expr)
        return True


def raises(expected_exception, *args, match=None, **kwargs):
    _check_types(expected_exception, BaseException)
    if not args:
        if kwargs:
            raise TypeError(f'unexpected keyword arguments to pytest.raises: {", ".join(sorted(kwargs))}')
        return RaisesContext(expected_exception, match)
    func = args[0]
    if not callable(func):
        raise TypeError(f'{func!r} object (type: {type(func)}) must be callable')
    with RaisesContext(expected_exception, match) as info:
        func(*args[1:], **kwargs)
    return info


class WarningsChecker(warnings.catch_warnings):
    def __init__(self, expected, match):
        super().__init__(record=True)
        self.expected, self.match_expr = expected, match
        self.list = []

    def __enter__(self):
        self.list = super().__enter__()
        warnings.simplefilter('always')
        return self

    def __exit__(self, exc_type, exc, tb):
        super().__exit__(exc_type, exc, tb)
        if exc_type is not None or self.expected is None:
            return False
        for item in self.list:
            if issubclass(item.category, self.expected) and (self.match_expr is None or re.search(self.match_expr, str(item.message))):
                return False
        matching = f'matching the regex {self.match_expr!r} ' if self.match_expr is not None else ''
        raise Failed(f'DID NOT WARN. No warnings of type {_names(self.expected)} {matching}were emitted.\n Emitted warnings: {[w.message for w in self.list]}.')

    def __iter__(self):
        return iter(self.list)

    def __len__(self):
        return len(self.list)

    def __getitem__(self, index):
        return self.list[index]

    def pop(self, cls=Warning):
        for index, item in enumerate(self.list):
            if issubclass(item.category, cls):
                return self.list.pop(index)
        raise AssertionError(f'{cls!r} not found in warning list')


def warns(expected_warning=Warning, *args, match=None, **kwargs):
    _check_types(expected_warning, Warning)
    if not args:
        return WarningsChecker(expected_warning, match)
    with WarningsChecker(expected_warning, match):
        return args[0](*args[1:], **kwargs)


def deprecated_call(*args, **kwargs):
    return warns((DeprecationWarning, PendingDeprecationWarning), *args, **kwargs)


class ApproxBase:
    __hash__ = None

    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected, self.rel, self.abs, self.nan_ok = expected, rel, abs, nan_ok

    def _approx(self, value):
        return approx(value, rel=self.rel, abs=self.abs, nan_ok=self.nan_ok)

    def __ne__(self, actual):
        return not self == actual

    def __bool__(self):
        raise AssertionError('approx() is not supported in a boolean context. Did you mean: assert a == approx(b)?')


def _is_number(value):
    import numbers

    return isinstance(value, numbers.Number) and not isinstance(value, bool)


class ApproxScalar(ApproxBase):
    def tolerance(self):
        from decimal import Decimal

        decimal = isinstance(self.expected, Decimal)
        default_abs, default_rel = (Decimal('1e-12'), Decimal('1e-6')) if decimal else (1e-12, 1e-6)
        abs_tol = default_abs if self.abs is None else self.abs
        if abs_tol < 0:
            raise ValueError(f"absolute tolerance can't be negative: {abs_tol}")
        if self.rel is None and self.abs is not None:
            return abs_tol
        rel_tol = default_rel if self.rel is None else self.rel
        if rel_tol < 0:
            raise ValueError(f"relative tolerance can't be negative: {rel_tol}")
        return max(rel_tol * _absolute(self.expected), abs_tol)

    def __eq__(self, actual):
        expected = self.expected
        if not _is_number(expected) or not _is_number(actual):
            return actual == expected
        if actual == expected:
            return True
        if isinstance(expected, complex) or isinstance(actual, complex):
            special = any(math.isinf(_absolute(v)) or math.isnan(_absolute(v)) for v in (expected, actual))
        else:
            special = any(math.isinf(v) or math.isnan(v) for v in (float(expected), float(actual)))
        if special:
            return bool(self.nan_ok and math.isnan(_absolute(expected)) and math.isnan(_absolute(actual)))
        decimal = sys.modules.get('decimal')
        if decimal is not None and isinstance(expected, decimal.Decimal) and not isinstance(actual, decimal.Decimal):
            actual = decimal.Decimal(str(actual))
        return _absolute(expected - actual) <= self.tolerance()

    def __repr__(self):
        expected = self.expected
        if not _is_number(expected) or not isinstance(expected, complex) and not math.isfinite(expected):
            return repr(expected)
        return f'{expected} ± {self.tolerance():.1e}'


class ApproxMapping(ApproxBase):
    def __eq__(self, actual):
        if not isinstance(actual, Mapping) or set(actual) != set(self.expected):
            return False
        return all(actual[key] == self._approx(value) for key, value in self.expected.items())

    def __repr__(self):
        return 'approx({' + ', '.join(f'{key!r}: {self._approx(value)!r}' for key, value in self.expected.items()) + '})'


class ApproxSequence(ApproxBase):
    def __eq__(self, actual):
        if isinstance(actual, (str, bytes, Mapping)):
            return False
        try:
            if len(actual) != len(self.expected):
                return False
        except TypeError:
            return False
        return all(a == self._approx(e) for a, e in zip(actual, self.expected))

    def __repr__(self):
        inner = ', '.join(repr(self._approx(value)) for value in self.expected)
        return f'approx({"(" + inner + ")" if isinstance(self.expected, tuple) else "[" + inner + "]"})'


def approx(expected, rel=None, abs=None, nan_ok=False):
    if isinstance(expected, Mapping):
        return ApproxMapping(expected, rel, abs, nan_ok)
    if isinstance(expected, (list, tuple)):
        return ApproxSequence(expected, rel, abs, nan_ok)
    if isinstance(expected, (set, frozenset)) or hasattr(expected, '__array__'):
        raise TypeError(f"pytest.approx() in Phasegate's offline pytest compares numbers, sequences and dicts, not {type(expected).__name__}")
    return ApproxScalar(expected, rel, abs, nan_ok)
`;
