import type { Node } from 'web-tree-sitter';
import { field } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const bashRules: LanguageRules = {
  definitionTypes: ['function_definition'],
  commentTypes: ['comment'],
  isIgnoredComment: (comment) => comment.startPosition.row === 0 && comment.text.startsWith('#!'),
  classify,
};

function classify(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  return nameNode ? { name: nameNode.text, kind: 'function', nameNode, outer: node } : null;
}
