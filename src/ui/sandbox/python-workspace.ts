/** The files that make a workspace a Python project: sources and the usual project files. */
const PYTHON_FILE = /(^|\/)(pyproject\.toml|requirements\.txt|setup\.py|[^/]*\.py)$/;

/** Whether any of the workspace's paths is a Python file: WebContainer has no python3 to run it. */
export function hasPythonFiles(paths: Iterable<string>): boolean {
  for (const path of paths) if (PYTHON_FILE.test(path)) return true;
  return false;
}

/** The Sandbox status's reason when a Python workspace takes the virtual sandbox. */
export const PYTHON_WORKSPACE_REASON = 'this workspace has Python files, and WebContainer has no Python';

/** Appended to WebContainer's status when the user chose it for a Python workspace. */
export const NO_PYTHON_WARNING = 'python3 is not available here: this workspace has Python files, and WebContainer has no Python';
