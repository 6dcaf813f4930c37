/**
 * The file explorer's model at 10,000 files (100 folders of 100, some nested): building the tree,
 * the rows shown with every folder closed, with one folder open, with a filter, and all open; and how
 * many rows a viewport puts in the DOM. Targets: building < 100 ms, a row update with folders closed
 * or one open < 5 ms (it runs on each key), a filter < 50 ms (on each keystroke), ≤ 60 rows in the DOM.
 */
import { type Badge, buildTree, visibleRows, windowOf } from '../src/ui/explorer/tree-model';
import { cpuMs } from './support/cpu-time';
import { info, target } from './support/verdict.mjs';

const FILES = 10_000;
const ROUNDS = 15;
const paths = Array.from({ length: FILES }, (_, i) => `packages/pkg-${Math.floor(i / 100)}/src/${i % 3 === 0 ? 'deep/' : ''}file-${i}.ts`);
const changes = new Map<string, Badge>(paths.filter((_, i) => i % 250 === 0).map((path, i) => [path, (['new', 'edited', 'deleted'] as const)[i % 3] ?? 'new']));

/** Median CPU time of `work` over the rounds, after one warm-up. */
function medianMs(work: () => unknown): number {
  work();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = cpuMs();
    work();
    times.push(cpuMs() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
}

const tree = buildTree(paths, changes);
const allFolders = new Set<string>();
const collect = (node: typeof tree): void => {
  for (const child of node.children) {
    if (child.kind === 'dir') {
      allFolders.add(child.path);
      collect(child);
    }
  }
};
collect(tree);

const build = medianMs(() => buildTree(paths, changes));
const closed = medianMs(() => visibleRows(tree, new Set()));
const oneOpen = medianMs(() => visibleRows(tree, new Set(['packages', 'packages/pkg-42', 'packages/pkg-42/src'])));
const filtered = medianMs(() => visibleRows(tree, new Set(), 'file-99'));
const everything = visibleRows(tree, allFolders);
const allOpen = medianMs(() => visibleRows(tree, allFolders));
const [first, end] = windowOf(everything.length, 26, 5000 * 26, 900);

console.log(`${FILES} files, ${allFolders.size} folders, ${changes.size} changed; ${everything.length} rows with every folder open; ${ROUNDS} rounds`);
target('build the tree', build, { below: 100 }, 'ms');
target('rows with every folder closed', closed, { below: 5 }, 'ms');
target('rows with one package open', oneOpen, { below: 5 }, 'ms');
target('rows for a filter ("file-99")', filtered, { below: 50 }, 'ms');
info('rows with every folder open', allOpen, 'ms', 2, 'no target: a viewer opens folders one at a time');
target('rows in the DOM for a 900 px viewport', end - first, { atMost: 60 }, '', 0);
