import type { Node } from 'web-tree-sitter';

/** The 0-based last row a node really occupies: a node ending at column 0 ends on the row before. */
export function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

export function field(node: Node, name: string): Node | null {
  return node.childForFieldName(name);
}

export function fieldText(node: Node, name: string): string | null {
  return node.childForFieldName(name)?.text ?? null;
}

/** Whether a node has an unnamed child token such as `get`, `static` or `async`. */
export function hasToken(node: Node, token: string): boolean {
  return node.children.some((child) => child !== null && !child.isNamed && child.type === token);
}

export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null);
}

/** `Foo<T>` → `Foo`, `Map[K, V]` → `Map`: type arguments are not part of a qualified name. */
export function stripTypeArguments(text: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '<' || ch === '[') depth++;
    else if (ch === '>' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/\s+/g, '');
}

/** Whether the node is its parent's only named child. */
export function isOnlyNamedChild(node: Node): boolean {
  const parent = node.parent;
  return parent !== null && parent.namedChildCount === 1;
}

/** Climbs through wrapper parents (e.g. `export_statement`) while the parent's type is in `types`. */
export function climbWrappers(node: Node, types: readonly string[]): Node {
  let outer = node;
  for (let parent = outer.parent; parent && types.includes(parent.type); parent = outer.parent) outer = parent;
  return outer;
}

export function unquote(text: string): string {
  return text.replace(/^(['"`])(.*)\1$/s, '$2');
}
