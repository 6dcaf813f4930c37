import type { Node } from 'web-tree-sitter';
import { field, stripTypeArguments } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

export const rustRules: LanguageRules = {
  definitionTypes: [
    'function_item',
    'function_signature_item',
    'struct_item',
    'union_item',
    'enum_item',
    'trait_item',
    'impl_item',
    'mod_item',
    'type_item',
    'associated_type',
  ],
  commentTypes: ['line_comment', 'block_comment'],
  attachedPrefixTypes: ['attribute_item'],
  classify,
};

function classify(node: Node): Definition | null {
  if (node.type === 'impl_item') return implDefinition(node);
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  const name = nameNode.text;
  switch (node.type) {
    case 'function_item':
    case 'function_signature_item': {
      const owner = node.parent?.type === 'declaration_list' ? node.parent.parent?.type : undefined;
      const inType = owner === 'impl_item' || owner === 'trait_item';
      return { name, kind: inType ? 'method' : 'function', nameNode, outer: node };
    }
    case 'struct_item':
    case 'union_item':
      return { name, kind: 'struct', nameNode, outer: node };
    case 'enum_item':
      return { name, kind: 'enum', nameNode, outer: node };
    case 'trait_item':
      return { name, kind: 'trait', nameNode, outer: node };
    case 'mod_item':
      return field(node, 'body') ? { name, kind: 'module', nameNode, outer: node } : null;
    case 'type_item':
    case 'associated_type':
      return { name, kind: 'type', nameNode, outer: node };
    default:
      return null;
  }
}

/** `impl<T> Foo<T>` is named "Foo", `impl fmt::Display for Foo` "fmt::Display for Foo"; both qualify methods as `Foo.method`. */
function implDefinition(node: Node): Definition | null {
  const typeNode = field(node, 'type');
  if (!typeNode) return null;
  const typeName = rustTypeName(typeNode);
  const trait = field(node, 'trait');
  const name = trait ? `${stripTypeArguments(trait.text)} for ${typeName}` : typeName;
  return { name, kind: 'impl', nameNode: typeNode, outer: node, childQualifier: [typeName] };
}

function rustTypeName(type: Node): string {
  if (type.type === 'generic_type') {
    const inner = field(type, 'type');
    if (inner) return rustTypeName(inner);
  }
  if (type.type === 'reference_type' || type.type === 'pointer_type') {
    const inner = field(type, 'type');
    if (inner) return rustTypeName(inner);
  }
  if (type.type === 'scoped_type_identifier') {
    const inner = field(type, 'name');
    if (inner) return inner.text;
  }
  return stripTypeArguments(type.text);
}
