import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { field, namedChildren } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const pythonRules: LanguageRules = {
  definitionTypes: ['function_definition', 'class_definition', 'assignment'],
  valueFilters: { assignment: { field: 'right', types: ['lambda'] } },
  commentTypes: ['comment'],
  isIgnoredComment: (comment) => comment.startPosition.row === 0 && comment.text.startsWith('#!'),
  classify,
};

function classify(node: Node): Definition | null {
  if (node.type === 'assignment') return boundLambda(node);
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : null;
  const outer = decorated ?? node;
  if (node.type === 'class_definition') return { name: nameNode.text, kind: 'class', nameNode, outer };
  const decorators = decorated
    ? namedChildren(decorated)
        .filter((c) => c.type === 'decorator')
        .map(decoratorName)
    : [];
  const inClass = outer.parent?.type === 'block' && outer.parent.parent?.type === 'class_definition';
  let kind: SymbolKind = inClass ? 'method' : 'function';
  if (inClass && nameNode.text === '__init__') kind = 'constructor';
  else if (inClass && decorators.some((d) => d === 'property' || d.endsWith('.getter'))) kind = 'getter';
  else if (inClass && decorators.some((d) => d.endsWith('.setter'))) kind = 'setter';
  const overloadSignature = decorators.some((d) => d === 'overload' || d === 'typing.overload');
  return { name: nameNode.text, kind, nameNode, outer, overloadSignature };
}

/** `square = lambda x: x * x` as a statement of its own. */
function boundLambda(node: Node): Definition | null {
  const left = field(node, 'left');
  const statement = node.parent;
  if (left?.type !== 'identifier' || field(node, 'right')?.type !== 'lambda' || statement?.type !== 'expression_statement') return null;
  return { name: left.text, kind: 'bound_function', nameNode: left, outer: statement };
}

/** `@functools.cache` → "functools.cache"; `@app.route("/")` → "app.route". */
function decoratorName(decorator: Node): string {
  const expression = decorator.namedChild(0);
  if (!expression) return '';
  const callee = expression.type === 'call' ? field(expression, 'function') : expression;
  return callee?.text ?? '';
}
