import { PYTEST_BUILTINS } from './offline-pytest-builtins';
import { PYTEST_CHECKS } from './offline-pytest-checks';
import { PYTEST_COLLECT } from './offline-pytest-collect';
import { PYTEST_CONFIG } from './offline-pytest-config';
import { PYTEST_FIXTURES } from './offline-pytest-fixtures';
import { PYTEST_MARKS } from './offline-pytest-marks';
import { PYTEST_OPTIONS } from './offline-pytest-options';
import { PYTEST_REPORT } from './offline-pytest-report';
import { PYTEST_REWRITE } from './offline-pytest-rewrite';
import { PYTEST_RUNNER } from './offline-pytest-runner';

/**
 * Phasegate's offline pytest (Pyodide has no wheels): the module `pytest`, the public face of the
 * modules below, and `python3 -m pytest`. It offers the common subset of pytest (see the README); a test
 * that asks for anything else fails naming what is missing, never a silent pass.
 */
export const OFFLINE_PYTEST = String.raw`"""Phasegate's offline pytest: the common subset of pytest, for the offline sandbox where nothing can be installed."""
import sys

from _pgpytest_builtins import CaptureFixture, MonkeyPatch, TempPathFactory
from _pgpytest_checks import ExceptionInfo, approx, deprecated_call, raises, warns
from _pgpytest_config import Config, UsageError
from _pgpytest_fixtures import FixtureLookupError, FixtureRequest, fixture
from _pgpytest_marks import Mark, MarkDecorator, MarkGenerator, fail, importorskip, mark, param, skip, xfail
from _pgpytest_marks import missing as _missing
from _pgpytest_runner import VERSION, main

__version__ = VERSION
version_tuple = (8, 3, 0, 'phasegate')
__all__ = ['CaptureFixture', 'Config', 'ExceptionInfo', 'FixtureLookupError', 'FixtureRequest', 'Mark', 'MarkDecorator',
           'MarkGenerator', 'MonkeyPatch', 'TempPathFactory', 'UsageError', 'approx', 'deprecated_call', 'fail', 'fixture',
           'importorskip', 'main', 'mark', 'param', 'raises', 'skip', 'warns', 'xfail']


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError(name)
    raise _missing(f"pytest.{name}")


if __name__ == '__main__':
    sys.exit(main())
`;

/** The modules written into each loaded Python's site-packages, as (name, source). */
export const OFFLINE_PYTEST_MODULES: ReadonlyArray<readonly [string, string]> = [
  ['_pgpytest_marks', PYTEST_MARKS],
  ['_pgpytest_checks', PYTEST_CHECKS],
  ['_pgpytest_rewrite', PYTEST_REWRITE],
  ['_pgpytest_fixtures', PYTEST_FIXTURES],
  ['_pgpytest_builtins', PYTEST_BUILTINS],
  ['_pgpytest_config', PYTEST_CONFIG],
  ['_pgpytest_options', PYTEST_OPTIONS],
  ['_pgpytest_collect', PYTEST_COLLECT],
  ['_pgpytest_report', PYTEST_REPORT],
  ['_pgpytest_runner', PYTEST_RUNNER],
  ['pytest', OFFLINE_PYTEST],
];
