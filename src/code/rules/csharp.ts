import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

/** Attributes (`[Obsolete]`) are children of the declaration, so ranges include them without help. */
const KINDS: Readonly<Record<string, SymbolKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  record_struct_declaration: 'struct',
  struct_declaration: 'struct',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  delegate_declaration: 'type',
  namespace_declaration: 'module',
  file_scoped_namespace_declaration: 'module',
  method_declaration: 'method',
  constructor_declaration: 'constructor',
  destructor_declaration: 'method',
  local_function_statement: 'function',
};

export const csharpRules: LanguageRules = {
  definitionTypes: Object.keys(KINDS),
  commentTypes: ['comment'],
  siblingOwnerTypes: ['file_scoped_namespace_declaration'],
  classify,
};

function classify(node: Node): Definition | null {
  let kind = KINDS[node.type];
  const nameNode = field(node, 'name');
  if (!kind || !nameNode) return null;
  // `record struct P(...)` is a record_declaration holding a `struct` token in some grammar versions.
  if (node.type === 'record_declaration' && hasStructToken(node, nameNode.startIndex)) kind = 'struct';
  const name = node.type === 'destructor_declaration' ? `~${nameNode.text}` : nameNode.text;
  return { name, kind, nameNode, outer: node, ownsFollowingSiblings: node.type === 'file_scoped_namespace_declaration' };
}

function hasStructToken(node: Node, before: number): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (!child || child.startIndex >= before) return false;
    if (!child.isNamed && child.type === 'struct') return true;
  }
  return false;
}
