import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

/** Annotations sit inside the declaration's `modifiers`, so ranges include them without help. */
const KINDS: Readonly<Record<string, SymbolKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
  method_declaration: 'method',
  constructor_declaration: 'constructor',
  compact_constructor_declaration: 'constructor',
};

export const javaRules: LanguageRules = {
  definitionTypes: Object.keys(KINDS),
  commentTypes: ['line_comment', 'block_comment'],
  classify,
};

function classify(node: Node): Definition | null {
  const kind = KINDS[node.type];
  const nameNode = field(node, 'name');
  if (!kind || !nameNode) return null;
  return { name: nameNode.text, kind, nameNode, outer: node };
}
