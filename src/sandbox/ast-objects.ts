/**
 * Visits every object node of a just-bash AST, children before their parent,
 * so a transform plugin can rewrite a node after its subtrees are done.
 */
export function forEachNodeBottomUp(node: unknown, visit: (record: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) forEachNodeBottomUp(child, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const child of Object.values(record)) forEachNodeBottomUp(child, visit);
  visit(record);
}
