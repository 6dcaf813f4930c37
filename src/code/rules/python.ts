import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field, namedChildren } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const pythonRules: LanguageRules = {
  definitionTypes: ['function_definition', 'class_definition'],
  commentTypes: ['comment'],
  isIgnoredComment: (comment) => comment.startPosition.row === 0 && comment.text.startsWith('#!'),
  classify,
};

function classify(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : null;
  const outer = decorated ?? node;
  if (node.type === 'class_definition') return { name: nameNode.text, kind: 'class', nameNode, outer };
  const decorators = decorated ? namedChildren(decorated).filter((c) => c.type === 'decorator').map(decoratorName) : [];
  const inClass = outer.parent?.type === 'block' && outer.parent.parent?.type === 'class_definition';
  let kind: SymbolKind = inClass ? 'method' : 'function';
  if (inClass && nameNode.text === '__init__') kind = 'constructor';
  else if (inClass && decorators.some((d) => d === 'property' || d.endsWith('.getter'))) kind = 'getter';
  else if (inClass && decorators.some((d) => d.endsWith('.setter'))) kind = 'setter';
  const overloadSignature = decorators.some((d) => d === 'overload' || d === 'typing.overload');
  return { name: nameNode.text, kind, nameNode, outer, overloadSignature };
}

/** `@functools.cache` → "functools.cache"; `@app.route("/")` → "app.route". */
function decoratorName(decorator: Node): string {
  const expression = decorator.namedChild(0);
  if (!expression) return '';
  const callee = expression.type === 'call' ? field(expression, 'function') : expression;
  return callee?.text ?? '';
}
