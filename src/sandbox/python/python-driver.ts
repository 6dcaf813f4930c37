/**
 * The Python side of a run, loaded once into each interpreter: `_phasegate_run` sets up
 * argv, cwd, environment, stdin and sys.path as CPython's command line would, runs the
 * file, code or module, turns SystemExit and uncaught exceptions into an exit code (the
 * traceback on stderr, without the driver's and runpy's frames), then forgets the
 * workspace's modules so the next run imports the files as they are then.
 */
export const PYTHON_DRIVER_FILENAME = '<phasegate-driver>';

export const PYTHON_DRIVER = String.raw`
import atexit as _atexit
import io as _io
import json as _json
import os as _os
import random as _random
import runpy as _runpy
import sys as _sys
import traceback as _traceback
import types as _types

_sys.dont_write_bytecode = True
_BASE_PATH = [p for p in _sys.path if p != '']


def _phasegate_stream(fd, errors):
    # A fresh stream per run over a descriptor it never closes: a program that closes sys.stdout
    # (json.tool does) must not leave the next run without one.
    raw = _io.BufferedWriter(_io.FileIO(fd, 'w', closefd=False))
    return _io.TextIOWrapper(raw, encoding='utf-8', errors=errors)


def _phasegate_site_packages():
    import sysconfig

    return sysconfig.get_paths()['purelib']


def _phasegate_start():
    # Called once in each interpreter, after the driver: one restored from the memory snapshot
    # (pyodide-snapshot.ts) would otherwise draw the same numbers as every other one.
    _random.seed()


def _phasegate_hidden_frame(tb):
    name = tb.tb_frame.f_code.co_filename
    return name == '${PYTHON_DRIVER_FILENAME}' or name.endswith('/runpy.py') or name == '<frozen runpy>'


def _phasegate_print_exception(error):
    tb = error.__traceback__
    while tb is not None and _phasegate_hidden_frame(tb):
        tb = tb.tb_next
    _traceback.print_exception(type(error), error, tb)


def _phasegate_exit_code(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=_sys.stderr)
    return 1


def _phasegate_reset_unittest_loader():
    # unittest.main stores -k on the shared default loader (and discovery its state): a fresh
    # process would start without them, so the next run must too.
    loader = _sys.modules.get('unittest.loader')
    if loader is not None:
        default = loader.defaultTestLoader
        default.__dict__.clear()
        default.__dict__.update(loader.TestLoader().__dict__)


def _phasegate_forget_workspace_modules(before):
    for name, module in list(_sys.modules.items()):
        if name in before:
            continue
        origin = getattr(module, '__file__', None) or ''
        if not origin.startswith('/lib/'):
            del _sys.modules[name]


def _phasegate_run_code(source, filename, file=None):
    main = _types.ModuleType('__main__')
    main.__builtins__ = __builtins__
    if file is not None:
        main.__file__ = file
    saved = _sys.modules.get('__main__')
    _sys.modules['__main__'] = main
    try:
        exec(compile(source, filename, 'exec'), main.__dict__)
    finally:
        if saved is not None:
            _sys.modules['__main__'] = saved


def _phasegate_run(request_json, stdin):
    request = _json.loads(request_json)
    mode, target, args = request['mode'], request['target'], request['args']
    before = set(_sys.modules)
    _os.chdir(request['cwd'])
    _os.environ.clear()
    _os.environ.update(request['env'])
    _sys.stdin = _sys.__stdin__ = _io.TextIOWrapper(_io.BytesIO(stdin.to_bytes()), encoding='utf-8')
    _sys.stdout = _sys.__stdout__ = _phasegate_stream(1, 'strict')
    _sys.stderr = _sys.__stderr__ = _phasegate_stream(2, 'backslashreplace')
    code = 0
    try:
        if mode == 'file':
            _sys.argv = [target, *args]
            _sys.path[:] = [_os.path.dirname(_os.path.abspath(target)), *_BASE_PATH]
            path = _os.path.abspath(target)
            if _os.path.isdir(path):
                _runpy.run_path(path, run_name='__main__')
            else:
                # Not runpy.run_path: it would put the absolute path in sys.argv[0].
                with _io.open_code(path) as script:
                    _phasegate_run_code(script.read(), path, path)
        elif mode == 'module':
            _sys.argv = [target, *args]
            _sys.path[:] = [_os.getcwd(), *_BASE_PATH]
            _runpy.run_module(target, run_name='__main__', alter_sys=True)
        elif mode == 'code':
            _sys.argv = ['-c', *args]
            _sys.path[:] = ['', *_BASE_PATH]
            _phasegate_run_code(target, '<string>')
        else:
            source = _sys.stdin.read()
            _sys.argv = ['-' if target == '-' else '', *args]
            _sys.path[:] = ['', *_BASE_PATH]
            _phasegate_run_code(source, '<stdin>')
    except SystemExit as exit:
        code = _phasegate_exit_code(exit.code)
    except BaseException as error:
        _phasegate_print_exception(error)
        code = 130 if isinstance(error, KeyboardInterrupt) else 1
    finally:
        try:
            _atexit._run_exitfuncs()
            _atexit._clear()
        except BaseException:
            pass
        for stream in (_sys.stdout, _sys.stderr, _sys.__stdout__, _sys.__stderr__):
            try:
                stream.flush()
            except BaseException:
                pass
        _phasegate_forget_workspace_modules(before)
        _phasegate_reset_unittest_loader()
    return code
`;
