import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const rubyRules: LanguageRules = {
  definitionTypes: ['class', 'module', 'method', 'singleton_method'],
  commentTypes: ['comment'],
  isIgnoredComment: (comment) => comment.startPosition.row === 0 && comment.text.startsWith('#!'),
  classify,
};

const CONTAINERS = ['class', 'module', 'singleton_class'];

function classify(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  if (node.type === 'class' || node.type === 'module') {
    // `class A::B` is named "B" and qualified by "A".
    const parts = nameNode.text.replace(/^::/, '').split('::');
    const name = parts.pop() ?? nameNode.text;
    return { name, kind: node.type === 'class' ? 'class' : 'module', nameNode, outer: node, qualifiers: parts };
  }
  // `def self.x` and defs inside `class << self` are methods of the enclosing class, qualified `A.x`.
  const inContainer = node.type === 'singleton_method' || enclosingContainer(node);
  let kind: SymbolKind = inContainer ? 'method' : 'function';
  if (inContainer && node.type === 'method' && nameNode.text === 'initialize') kind = 'constructor';
  return { name: nameNode.text, kind, nameNode, outer: node };
}

function enclosingContainer(node: Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (CONTAINERS.includes(parent.type)) return true;
    if (parent.type === 'method' || parent.type === 'singleton_method') return false;
  }
  return false;
}
