import type { Node } from 'web-tree-sitter';
import { field, stripTypeArguments } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const goRules: LanguageRules = {
  definitionTypes: ['function_declaration', 'method_declaration', 'type_spec', 'type_alias', 'method_elem', 'method_spec'],
  commentTypes: ['comment'],
  classify,
};

function classify(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  const name = nameNode.text;
  switch (node.type) {
    case 'function_declaration':
      return { name, kind: 'function', nameNode, outer: node };
    case 'method_declaration': {
      const receiver = receiverType(node);
      return { name, kind: 'method', nameNode, outer: node, qualifiers: receiver ? [receiver] : [] };
    }
    case 'type_spec':
    case 'type_alias': {
      // `type X struct{}` spans the whole declaration; inside `type ( ... )` each spec is its own symbol.
      const declaration = node.parent;
      const outer = declaration?.type === 'type_declaration' && declaration.namedChildCount === 1 ? declaration : node;
      const typeNode = field(node, 'type');
      const kind =
        node.type === 'type_alias' ? 'type' : typeNode?.type === 'struct_type' ? 'struct' : typeNode?.type === 'interface_type' ? 'interface' : 'type';
      return { name, kind, nameNode, outer };
    }
    case 'method_elem':
    case 'method_spec':
      return { name, kind: 'method', nameNode, outer: node };
    default:
      return null;
  }
}

/** `func (s *Stack[T]) Push` → "Stack"; value and pointer receivers alike. */
function receiverType(method: Node): string | null {
  const receiver = field(method, 'receiver');
  const parameter = receiver?.namedChildren.find((c) => c?.type === 'parameter_declaration') ?? null;
  const type = parameter ? field(parameter, 'type') : null;
  if (!type) return null;
  return stripTypeArguments(type.text.replace(/^\*+/, '')) || null;
}
