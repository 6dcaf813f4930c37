/** The CPython version Pyodide 314 carries (`python3 --version`). */
export const PYTHON_VERSION = '3.14.2';

/** What the system prompt says about `python3` in the virtual sandbox (kept apart from the command, which loads just-bash). */
export const PYTHON_RUNTIME_DESCRIPTION = `\`python3\` is CPython ${PYTHON_VERSION} on Pyodide (standard library only, pip cannot install), with an offline \`pytest\`.`;
