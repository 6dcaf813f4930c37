import type { Sandbox } from '../sandbox/port';
import { type GitignoreRule, matchRules, parseGitignore } from './gitignore';
import { joinPath } from './paths';
import { confineToWorkspace } from './real-path';

/**
 * Directories the file tools never look into, wherever they are: version control,
 * dependencies, build output, caches and virtual environments.
 */
export const DEFAULT_IGNORED_DIRS: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  'dist',
  'build',
  'out',
  'target',
  '.next',
  'coverage',
  '__pycache__',
  '.venv',
]);

export type IgnoreReason = 'default' | 'gitignore';

/**
 * Decides what search_codebase and list_files leave out: the default directories by
 * name, and whatever the workspace's .gitignore files ignore (each applying to its own
 * directory and below). The .gitignore files are read lazily, once each.
 */
export class WorkspaceIgnore {
  private readonly rulesByDir = new Map<string, Promise<GitignoreRule[]>>();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly defaultDirs: ReadonlySet<string> = DEFAULT_IGNORED_DIRS,
  ) {}

  /**
   * Why `absolutePath` is left out, or null when it is not. Callers walk top-down and do not
   * enter ignored directories, so only the entry itself is judged, not its parents.
   */
  async reason(absolutePath: string, type: 'file' | 'dir'): Promise<IgnoreReason | null> {
    const relative = this.relative(absolutePath);
    if (relative === null || relative === '') return null;
    const name = relative.slice(relative.lastIndexOf('/') + 1);
    if (type === 'dir' && this.defaultDirs.has(name)) return 'default';
    const rules = await this.rulesFor(relative);
    return matchRules(rules, relative, type === 'dir') === true ? 'gitignore' : null;
  }

  /** The rules of every .gitignore from the root down to the directory holding `relative`, shallowest first. */
  private async rulesFor(relative: string): Promise<GitignoreRule[]> {
    const parts = relative.split('/').slice(0, -1);
    const dirs = [''];
    for (let i = 1; i <= parts.length; i++) dirs.push(parts.slice(0, i).join('/'));
    const loaded = await Promise.all(dirs.map((dir) => this.load(dir)));
    return loaded.flat();
  }

  private load(dir: string): Promise<GitignoreRule[]> {
    let rules = this.rulesByDir.get(dir);
    if (!rules) {
      rules = this.read(dir);
      this.rulesByDir.set(dir, rules);
    }
    return rules;
  }

  private async read(dir: string): Promise<GitignoreRule[]> {
    const path = joinPath(dir === '' ? this.sandbox.workdir : joinPath(this.sandbox.workdir, dir), '.gitignore');
    try {
      const stat = await this.sandbox.stat(path);
      if (stat?.type !== 'file') return [];
      // A .gitignore linked from outside would let the outside decide what is shown.
      if (!(await confineToWorkspace(this.sandbox, path, path, 'read')).ok) return [];
      return parseGitignore(await this.sandbox.readFile(path), dir);
    } catch {
      // An unreadable .gitignore ignores nothing rather than failing the listing or search.
      return [];
    }
  }

  private relative(absolutePath: string): string | null {
    const root = this.sandbox.workdir.replace(/\/+$/, '');
    if (absolutePath === root) return '';
    if (!absolutePath.startsWith(`${root}/`)) return null;
    return absolutePath.slice(root.length + 1);
  }
}
