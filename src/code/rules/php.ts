import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

/** PHP attributes (`#[Attr]`) are children of the declaration, so ranges include them without help. */
const KINDS: Readonly<Record<string, SymbolKind>> = {
  function_definition: 'function',
  class_declaration: 'class',
  interface_declaration: 'interface',
  trait_declaration: 'trait',
  enum_declaration: 'enum',
  method_declaration: 'method',
  namespace_definition: 'module',
};

export const phpRules: LanguageRules = {
  definitionTypes: Object.keys(KINDS),
  commentTypes: ['comment'],
  siblingOwnerTypes: ['namespace_definition'],
  classify,
};

function classify(node: Node): Definition | null {
  let kind = KINDS[node.type];
  const nameNode = field(node, 'name');
  if (!kind || !nameNode) return null;
  if (node.type === 'method_declaration' && nameNode.text.toLowerCase() === '__construct') kind = 'constructor';
  if (node.type === 'namespace_definition') {
    // `namespace App\Models;` (no body) owns the declarations after it.
    const name = nameNode.text.replace(/^\\/, '').split('\\').join('.');
    return { name, kind, nameNode, outer: node, ownsFollowingSiblings: field(node, 'body') === null };
  }
  return { name: nameNode.text, kind, nameNode, outer: node };
}
