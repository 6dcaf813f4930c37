/**
 * Phasegate's offline pytest, the module `_pgpytest_config`: the configuration: `[tool.pytest.ini_options]` in pyproject.toml, `[pytest]` in
 * pytest.ini or tox.ini, `[tool:pytest]` in setup.cfg, found from the paths' common folder up; its
 * folder is the rootdir. `config` as conftest.py's pytest_configure sees it.
 */
export const PYTEST_CONFIG = String.raw`"""Finds pytest's configuration (pyproject.toml, pytest.ini, tox.ini, setup.cfg) and the rootdir."""
import os

from _pgpytest_marks import missing

_FILES = ('pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg')
_SECTIONS = {'pytest.ini': 'pytest', '.pytest.ini': 'pytest', 'tox.ini': 'pytest', 'setup.cfg': 'tool:pytest'}


class UsageError(Exception):
    pass


def _read(path):
    """The pytest options in a config file, or None when it has none."""
    name = os.path.basename(path)
    # Imported here: a run without config files need not load them.
    if name == 'pyproject.toml':
        import tomllib

        try:
            with open(path, 'rb') as file:
                data = tomllib.load(file)
        except tomllib.TOMLDecodeError as error:
            raise UsageError(f'{path}: {error}') from None
        options = data.get('tool', {}).get('pytest', {})
        return options.get('ini_options') if 'ini_options' in options else None
    import configparser

    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path, encoding='utf-8')
    except configparser.Error as error:
        raise UsageError(f'{path}: {error}') from None
    if parser.has_section(_SECTIONS[name]):
        return dict(parser.items(_SECTIONS[name]))
    return {} if name in ('pytest.ini', '.pytest.ini') else None


class Config:
    """What conftest.py's pytest_configure and the pytestconfig fixture may use."""

    def __init__(self, rootdir, inifile, ini):
        self.rootdir = self.rootpath = rootdir
        self.inifile = self.inipath = inifile
        self._ini = ini
        self.strict_markers = False

    def getini(self, name):
        import shlex

        value = self._ini.get(name)
        if name in ('markers', 'filterwarnings', 'usefixtures'):
            if isinstance(value, str):
                return [line.strip() for line in value.splitlines() if line.strip()]
            return list(value or [])
        if name in ('testpaths', 'pythonpath', 'python_files', 'python_classes', 'python_functions', 'norecursedirs', 'addopts', 'required_plugins'):
            if isinstance(value, str):
                return shlex.split(value)
            return [str(v) for v in value or []]
        if value is None:
            return ''
        return value

    def getini_bool(self, name):
        value = self._ini.get(name, False)
        return value if isinstance(value, bool) else str(value).strip().lower() in ('true', '1', 'yes', 'on')

    def addinivalue_line(self, name, line):
        lines = self.getini(name)
        self._ini[name] = [*lines, line]

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        raise missing(f'config.{name}')


def find_config(paths, cwd, inifile=None):
    """The Config for a run over these paths: the first config file from their common folder up."""
    if inifile is not None:
        path = os.path.abspath(inifile)
        ini = _read(path)
        return Config(os.path.dirname(path), path, ini or {})
    folders = [p if os.path.isdir(p) else os.path.dirname(p) for p in (os.path.abspath(p) for p in paths or [cwd])]
    ancestor = os.path.commonpath(folders)
    folder = ancestor
    while True:
        for name in _FILES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                ini = _read(candidate)
                if ini is not None:
                    return Config(folder, candidate, ini)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return Config(os.path.commonpath([cwd, ancestor]), None, {})


def check_config(config):
    plugins = config.getini('required_plugins')
    if plugins:
        raise UsageError(f"required_plugins ({', '.join(plugins)}): plugins are not in Phasegate's offline pytest (a subset of pytest, without plugins)")
`;
