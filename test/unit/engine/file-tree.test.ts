import { describe, expect, it } from 'vitest';
import {
  type ListedEntry,
  listWorkspace,
  loadWorkspaceTree,
  renderWorkspaceTree,
  TREE_MAX_CHARS,
  TREE_MAX_PER_FOLDER,
  type WorkspaceListing,
} from '../../../src/engine/context/file-tree';
import { Engine } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { loadTokenCounter } from '../../../src/model/token-counter';
import type { EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

const STARTER_TREE = `Workspace files when the run started (6 files, all listed; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):
src/
  greet.sh
tests/
  assert.sh
  greet_test.sh
  run.sh
README.md
package.json`;

/** 5,000 files in nested folders: packages/NAME/src/featureA/partB/component_C.tsx, plus a few at the top. */
function bigProject(): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# big\n', 'package.json': '{}\n', '.gitignore': 'dist/\n*.log\n' };
  const packages = ['auth', 'billing', 'catalog', 'checkout', 'search', 'users', 'orders', 'payments', 'shipping', 'reports'];
  for (const name of packages) {
    for (let a = 0; a < 10; a++)
      for (let b = 0; b < 5; b++) for (let c = 0; c < 10; c++) files[`packages/${name}/src/feature${a}/part${b}/component_${c}.tsx`] = 'x\n';
  }
  return files;
}

/** A listing as the walk gives it, from paths: folders first, then files, each in code-point order. */
function listingOf(paths: readonly string[]): WorkspaceListing {
  const dirs = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  const entries: ListedEntry[] = [];
  const visit = (dir: string) => {
    const inside = (path: string) => (dir === '' ? !path.includes('/') : path.startsWith(`${dir}/`) && !path.slice(dir.length + 1).includes('/'));
    const sorted = (items: string[]) => items.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const sub of sorted([...dirs].filter(inside))) {
      entries.push({ path: sub, type: 'dir' });
      visit(sub);
    }
    for (const file of sorted(paths.filter(inside))) entries.push({ path: file, type: 'file' });
  };
  visit('');
  return { entries, cappedAt: null };
}

describe('workspace tree: a small project', () => {
  it('is listed in full, in walk order, without ignored paths, node_modules and .git', async () => {
    const sandbox = new VirtualSandbox({
      files: {
        ...STARTER_PROJECT,
        '.gitignore': 'secret.env\nlogs/\n',
        'secret.env': 'KEY=1\n',
        'logs/today.log': 'x\n',
        'node_modules/lib/index.js': 'x\n',
        '.git/HEAD': 'ref: refs/heads/main\n',
        'dist/bundle.js': 'x\n',
      },
    });
    const tree = await loadWorkspaceTree(sandbox);
    expect(tree).toBe(STARTER_TREE.replace('(6 files', '(7 files').replace('README.md', '.gitignore\nREADME.md'));
  });

  it('the starter project, exactly', async () => {
    expect(await loadWorkspaceTree(new VirtualSandbox({ files: STARTER_PROJECT }))).toBe(STARTER_TREE);
  });

  it('an empty workspace says so', () => {
    expect(renderWorkspaceTree({ entries: [], cappedAt: null })).toBe(
      'Workspace files when the run started (0 files, all listed; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):\n(no files)',
    );
  });

  it('shows links that stay inside with where they lead, and leaves out links that lead outside', async () => {
    const sandbox = new VirtualSandbox({ files: { 'src/app.ts': 'x\n' } });
    const made = await sandbox.exec(
      'mkdir -p /tmp/out && echo secret > /tmp/out/s.txt && ln -s /tmp/out outside && ln -s src alias && ln -s src/app.ts main.ts',
    );
    expect(made.exitCode, made.stderr).toBe(0);
    const tree = await loadWorkspaceTree(sandbox);
    expect(tree).toContain('\nalias/ → src/\nsrc/\n  app.ts\nmain.ts → src/app.ts');
    expect(tree).not.toContain('outside');
    expect(tree).toContain('(2 files, all listed');
  });

  it('a stopped walk gives no tree', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await listWorkspace(new VirtualSandbox({ files: STARTER_PROJECT }), stop.signal)).toBeNull();
  });
});

describe('workspace tree: a large project', () => {
  it('5,000 nested files: summarised under ~2,000 tokens (o200k), top levels in full, counts right', async () => {
    const sandbox = new VirtualSandbox({ files: { ...bigProject(), 'node_modules/x/index.js': 'x\n', 'debug.log': 'x\n' } });
    const listing = await listWorkspace(sandbox);
    expect(listing?.cappedAt).toBeNull();
    const tree = renderWorkspaceTree(listing as WorkspaceListing);
    const counter = await loadTokenCounter('o200k');
    expect(tree.length).toBeLessThanOrEqual(TREE_MAX_CHARS);
    expect(counter.count(tree)).toBeLessThanOrEqual(2_000);
    expect(tree.split('\n')[0]).toBe(
      'Workspace files when the run started (5,003 files in 621 folders, summarised: a folder shown as "name/ (N files)" holds N files not listed; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):',
    );
    // The top levels in full: every package, its src/ and its feature folders; the next level only where it fits, in order.
    expect(tree).toContain('\npackages/\n  auth/\n    src/\n      feature0/\n        part0/ (10 files)\n');
    for (const name of ['billing', 'catalog', 'checkout', 'orders', 'payments', 'reports', 'search', 'shipping', 'users']) {
      expect(tree).toContain(`\n  ${name}/\n    src/\n      feature0/ (50 files)\n`);
    }
    expect(tree).toContain('\n      feature9/ (50 files)\n.gitignore\nREADME.md\npackage.json');
    const counted = [...tree.matchAll(/\((\d+) files\)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(counted + 3).toBe(5_003);
    expect(tree).not.toMatch(/node_modules|debug\.log|component_/);
  });

  it('is deterministic: the same listing gives the same text, whatever order the files were made in', async () => {
    const files = bigProject();
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const a = await loadWorkspaceTree(new VirtualSandbox({ files }));
    const b = await loadWorkspaceTree(new VirtualSandbox({ files: reversed }));
    expect(a).toBe(b);
    expect(renderWorkspaceTree(listingOf(Object.keys(files)))).toBe(a);
  });

  it('hashed names (about 2 characters a token) stay about 2,000 tokens', async () => {
    const hex = (n: number) => ((n * 2654435761) >>> 0).toString(16).padStart(8, '0');
    const paths: string[] = [];
    for (let a = 0; a < 40; a++)
      for (let b = 0; b < 8; b++) for (let c = 0; c < 15; c++) paths.push(`d${hex(a)}/${hex(a * 100 + b)}/chunk-${hex(a * 10_000 + b * 100 + c)}.js`);
    const tree = renderWorkspaceTree(listingOf(paths));
    const counter = await loadTokenCounter('o200k');
    expect(tree.length).toBeLessThanOrEqual(TREE_MAX_CHARS);
    expect(counter.count(tree)).toBeLessThanOrEqual(2_300);
    // The first level that does not fit whole: its folders that fit are expanded in order, the rest keep their counts.
    const lines = tree.split('\n').slice(1);
    expect(lines[0]).toBe(`d${hex(0)}/`);
    expect(lines[1]).toBe(`  ${hex(0)}/ (15 files)`);
    expect(lines.at(-1)).toMatch(/^d[0-9a-f]{8}\/ \(120 files\)$/);
    expect(lines.filter((line) => !line.startsWith(' ')).length).toBe(40);
  });

  it('a folder with thousands of files shows the first ones and how many more', async () => {
    const paths = [...Array.from({ length: 3_000 }, (_, i) => `data/item${String(i).padStart(4, '0')}.json`), 'lib/a/x.ts', 'lib/b.ts', 'main.ts'];
    const tree = renderWorkspaceTree(listingOf(paths));
    const counter = await loadTokenCounter('o200k');
    expect(counter.count(tree)).toBeLessThanOrEqual(2_000);
    const lines = tree.split('\n').slice(1);
    expect(lines.slice(0, 3)).toEqual(['data/', '  item0000.json', '  item0001.json']);
    expect(lines).toContain(`  … and ${(3_000 - TREE_MAX_PER_FOLDER).toLocaleString('en-US')} more files`);
    expect(lines.slice(-5)).toEqual(['lib/', '  a/', '    x.ts', '  b.ts', 'main.ts']);
  });

  it('the per-folder cap names the folders it hides and the files in them', () => {
    const paths = Array.from({ length: 150 }, (_, i) => `top/sub${i % 5}/f${i}.ts`).concat(['top/z.ts', 'top/y.ts']);
    const tree = renderWorkspaceTree(listingOf(paths), { maxChars: 400, maxPerFolder: 3 });
    expect(tree.split('\n').slice(1)).toEqual([
      'top/',
      '  sub0/',
      '    f0.ts',
      '    f10.ts',
      '    f100.ts',
      '    … and 27 more files',
      '  sub1/ (30 files)',
      '  sub2/ (30 files)',
      '  … and 2 more folders (60 files) and 2 more files',
    ]);
  });

  it('a walk stopped at its cap says the counts are partial', async () => {
    const listing = await listWorkspace(new VirtualSandbox({ files: bigProject() }), undefined, 100);
    expect(listing?.cappedAt).toBe(100);
    expect(listing?.entries).toHaveLength(100);
    const tree = renderWorkspaceTree(listing as WorkspaceListing);
    expect(tree).toContain('summarised: a folder shown as "name/ (N files)" holds N files not listed, counted in the first 100 entries only;');
  });

  it('names too long for any summary are cut at the hard limit', () => {
    const paths = Array.from({ length: 50 }, (_, i) => `${'n'.repeat(240)}${i}.txt`);
    const tree = renderWorkspaceTree(listingOf(paths));
    expect(tree.length).toBeLessThanOrEqual(TREE_MAX_CHARS);
    expect(tree.endsWith('\n[… tree cut at 4,400 characters]')).toBe(true);
  });
});

describe('workspace tree in a run', () => {
  it('the system prompt of a run carries the tree after the project instructions', async () => {
    const sandbox = new VirtualSandbox({ files: { ...STARTER_PROJECT, 'AGENTS.md': 'Use tabs.\n' } });
    const engine = new Engine({ sandbox });
    const scenario = getScenario('demo');
    await engine.run({ task: scenario.defaultTask, mode: 'react', model: new ScriptedModel(scenario), maxIterations: 40 });
    const configured = engine.session.events.find((e): e is EventOf<'run_configured'> => e.type === 'run_configured');
    const tree = STARTER_TREE.replace('(6 files', '(7 files').replace('README.md', 'AGENTS.md\nREADME.md');
    expect(configured?.systemPrompt.endsWith(`Project instructions from AGENTS.md (follow them):\nUse tabs.\n\n${tree}`)).toBe(true);
  });
});
