import type { RuntimeInfo } from '../../protocol/events';

/** The CPython version Pyodide 314 carries (`python3 --version`). */
export const PYTHON_VERSION = '3.14.2';

/** What the system prompt says about `python3` in the virtual sandbox (kept apart from the command, which loads just-bash). */
export const PYTHON_RUNTIME: RuntimeInfo = {
  command: 'python3',
  description: `\`python3\` (also \`python\`) runs CPython ${PYTHON_VERSION} on Pyodide with the standard library only (pip cannot install packages), and \`pytest\` runs Phasegate's offline pytest, a common subset of pytest.`,
};
