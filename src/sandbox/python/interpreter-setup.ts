import { OFFLINE_PYTEST_MODULES } from './offline-pytest';
import { PYTHON_DRIVER, PYTHON_DRIVER_FILENAME } from './python-driver';
import type { PyodideLike } from './python-engine';

/**
 * What every interpreter holds before its first run: the driver and Phasegate's offline pytest.
 * A memory snapshot is taken after `prepareForSnapshot`, so a restored interpreter has the driver
 * and pytest imported already; its files are not in the snapshot (Pyodide's file system lives
 * outside the WebAssembly memory), so `equipInterpreter` writes them into every interpreter.
 */
export function equipInterpreter(pyodide: PyodideLike): void {
  if (pyodide.runPython("'_phasegate_run' in globals()") !== true) pyodide.runPython(PYTHON_DRIVER, { filename: PYTHON_DRIVER_FILENAME });
  const sitePackages = pyodide.runPython('_phasegate_site_packages()');
  if (typeof sitePackages !== 'string') throw new Error('the Python driver did not load');
  pyodide.FS.mkdirTree(sitePackages);
  const encoder = new TextEncoder();
  for (const [name, source] of OFFLINE_PYTEST_MODULES) pyodide.FS.writeFile(`${sitePackages}/${name}.py`, encoder.encode(source));
}

/** Readies a freshly started interpreter for its snapshot: compiling pytest there saves every restored one the time. */
export function prepareForSnapshot(pyodide: PyodideLike): void {
  equipInterpreter(pyodide);
  pyodide.runPython('import pytest');
}

/** Everything the snapshot holds besides Pyodide itself: its file name changes when any of it does. */
export const SNAPSHOT_CONTENTS = [PYTHON_DRIVER, ...OFFLINE_PYTEST_MODULES.map(([name, source]) => `${name}\n${source}`)];
