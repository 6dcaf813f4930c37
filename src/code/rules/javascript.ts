import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { climbWrappers, field, fieldText, hasToken, isOnlyNamedChild, unquote } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

/** TypeScript, TSX and JavaScript share one rule set; node types a grammar lacks are simply never seen. */
const FUNCTION_VALUES = ['arrow_function', 'function_expression', 'function', 'generator_function'];
const CLASS_VALUES = ['class'];
const DECLARATION_WRAPPERS = ['export_statement', 'ambient_declaration'];

export const javascriptRules: LanguageRules = {
  definitionTypes: [
    'function_declaration',
    'generator_function_declaration',
    'function_signature',
    'class_declaration',
    'abstract_class_declaration',
    'method_definition',
    'method_signature',
    'abstract_method_signature',
    'interface_declaration',
    'type_alias_declaration',
    'enum_declaration',
    'internal_module',
    'module',
    'public_field_definition',
    'field_definition',
    'variable_declarator',
    'pair',
    'assignment_expression',
    'export_statement',
  ],
  valueFilters: {
    variable_declarator: { field: 'value', types: [...FUNCTION_VALUES, ...CLASS_VALUES] },
    export_statement: { field: 'value', types: [...FUNCTION_VALUES, ...CLASS_VALUES] },
    pair: { field: 'value', types: FUNCTION_VALUES },
    public_field_definition: { field: 'value', types: FUNCTION_VALUES },
    field_definition: { field: 'value', types: FUNCTION_VALUES },
    assignment_expression: { field: 'right', types: FUNCTION_VALUES },
  },
  commentTypes: ['comment'],
  attachedPrefixTypes: ['decorator'],
  isIgnoredComment: (comment) => comment.startPosition.row === 0 && comment.text.startsWith('#!'),
  classify,
};

function classify(node: Node): Definition | null {
  switch (node.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
      return named(node, 'function');
    case 'function_signature':
      return withOverload(named(node, 'function'));
    case 'class_declaration':
    case 'abstract_class_declaration':
      return named(node, 'class');
    case 'interface_declaration':
      return named(node, 'interface');
    case 'type_alias_declaration':
      return named(node, 'type');
    case 'enum_declaration':
      return named(node, 'enum');
    case 'internal_module':
    case 'module':
      return moduleDefinition(node);
    case 'method_definition':
      return methodDefinition(node);
    case 'method_signature':
    case 'abstract_method_signature':
      return methodSignature(node);
    case 'public_field_definition':
    case 'field_definition':
      return classField(node);
    case 'variable_declarator':
      return variableDeclarator(node);
    case 'pair':
      return objectPair(node);
    case 'assignment_expression':
      return assignment(node);
    case 'export_statement':
      return exportDefault(node);
    default:
      return null;
  }
}

function named(node: Node, kind: SymbolKind): Definition | null {
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  return { name: nameNode.text, kind, nameNode, outer: climbWrappers(node, DECLARATION_WRAPPERS) };
}

function withOverload(definition: Definition | null): Definition | null {
  return definition && { ...definition, overloadSignature: true };
}

function moduleDefinition(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  if (!nameNode) return null;
  // `namespace N {}` parses as an expression statement holding the namespace.
  const statement = node.parent?.type === 'expression_statement' && isOnlyNamedChild(node) ? node.parent : node;
  return { name: unquote(nameNode.text), kind: 'module', nameNode, outer: climbWrappers(statement, DECLARATION_WRAPPERS) };
}

function memberName(node: Node): Node | null {
  return field(node, 'name') ?? field(node, 'property');
}

function accessorKind(node: Node, fallback: SymbolKind): SymbolKind {
  if (hasToken(node, 'get')) return 'getter';
  if (hasToken(node, 'set')) return 'setter';
  return fallback;
}

function methodDefinition(node: Node): Definition | null {
  const nameNode = memberName(node);
  const container = node.parent;
  if (!nameNode || !container) return null;
  const name = unquote(nameNode.text);
  if (container.type === 'class_body') {
    const kind = name === 'constructor' ? 'constructor' : accessorKind(node, 'method');
    return { name, kind, nameNode, outer: node };
  }
  if (container.type === 'object') {
    const qualifiers = objectQualifiers(container);
    if (!qualifiers) return null;
    return { name, kind: accessorKind(node, 'method'), nameNode, outer: node, qualifiers };
  }
  return null;
}

function methodSignature(node: Node): Definition | null {
  const nameNode = memberName(node);
  const container = node.parent;
  if (!nameNode || !container) return null;
  const inType =
    container.type === 'class_body' ||
    container.type === 'interface_body' ||
    (container.type === 'object_type' && container.parent?.type === 'type_alias_declaration');
  if (!inType) return null;
  const name = unquote(nameNode.text);
  const kind = name === 'constructor' && container.type === 'class_body' ? 'constructor' : accessorKind(node, 'method');
  return { name, kind, nameNode, outer: node, overloadSignature: true };
}

function classField(node: Node): Definition | null {
  const nameNode = memberName(node);
  const value = field(node, 'value');
  if (!nameNode || !value || !FUNCTION_VALUES.includes(value.type)) return null;
  return { name: unquote(nameNode.text), kind: 'bound_function', nameNode, outer: node };
}

function variableDeclarator(node: Node): Definition | null {
  const nameNode = field(node, 'name');
  const value = field(node, 'value');
  if (!nameNode || nameNode.type !== 'identifier' || !value) return null;
  let kind: SymbolKind;
  if (FUNCTION_VALUES.includes(value.type)) kind = 'bound_function';
  else if (CLASS_VALUES.includes(value.type)) kind = 'class';
  else return null;
  // `const f = () => {}` spans the whole statement; `const a = ..., b = ...` spans each declarator.
  const declaration = node.parent;
  const outer = declaration && declaration.namedChildCount === 1 ? climbWrappers(declaration, DECLARATION_WRAPPERS) : node;
  return { name: nameNode.text, kind, nameNode, outer };
}

function objectPair(node: Node): Definition | null {
  // Checks that need no parent lookup first: `node.parent` walks down from the root.
  const value = field(node, 'value');
  if (!value || !FUNCTION_VALUES.includes(value.type)) return null;
  const key = field(node, 'key');
  const container = node.parent;
  if (!key || !container) return null;
  const qualifiers = objectQualifiers(container);
  if (!qualifiers) return null;
  return { name: unquote(key.text), kind: 'bound_function', nameNode: key, outer: node, qualifiers };
}

/** `exports.run = function () {}` / `Foo.prototype.bar = () => {}` as a statement of its own. */
function assignment(node: Node): Definition | null {
  const right = field(node, 'right');
  const left = field(node, 'left');
  if (!left || !right || !FUNCTION_VALUES.includes(right.type)) return null;
  const statement = node.parent;
  if (!statement || statement.type !== 'expression_statement') return null;
  if (left.type === 'identifier') return { name: left.text, kind: 'bound_function', nameNode: left, outer: statement };
  if (left.type !== 'member_expression') return null;
  // `module.exports = function walk() {}`: the function's own name says more than "exports".
  const ownName = left.text === 'module.exports' ? field(right, 'name') : null;
  if (ownName) return { name: ownName.text, kind: 'bound_function', nameNode: ownName, outer: statement };
  const property = field(left, 'property');
  const object = fieldText(left, 'object');
  if (!property || !object || !/^[\w$]+(\.[\w$]+)*$/.test(object)) return null;
  return { name: property.text, kind: 'bound_function', nameNode: property, outer: statement, qualifiers: object.split('.') };
}

/** `export default function () {}`, `export default class {}`, `export default () => {}`. */
function exportDefault(node: Node): Definition | null {
  const value = field(node, 'value');
  if (!value) return null;
  let kind: SymbolKind;
  if (FUNCTION_VALUES.includes(value.type)) kind = 'function';
  else if (CLASS_VALUES.includes(value.type)) kind = 'class';
  else return null;
  const nameNode = field(value, 'name');
  return { name: nameNode?.text ?? 'default', kind, nameNode: nameNode ?? value, outer: node };
}

/**
 * The names an object literal is bound to (`const api = {...}` → ["api"]; nested `{ b: {...} }` adds "b"),
 * or null when it is not bound to a name (an argument, a return value): its functions are not symbols then.
 */
function objectQualifiers(object: Node): string[] | null {
  const parent = object.parent;
  if (!parent) return null;
  switch (parent.type) {
    case 'parenthesized_expression':
    case 'as_expression':
    case 'satisfies_expression':
      return objectQualifiers(parent);
    case 'variable_declarator': {
      const name = field(parent, 'name');
      return name && name.type === 'identifier' ? [name.text] : null;
    }
    case 'pair': {
      const key = field(parent, 'key');
      const outer = parent.parent ? objectQualifiers(parent.parent) : null;
      return key && outer ? [...outer, unquote(key.text)] : null;
    }
    case 'public_field_definition':
    case 'field_definition': {
      const name = memberName(parent);
      return name ? [unquote(name.text)] : null;
    }
    case 'assignment_expression': {
      const left = field(parent, 'left');
      return left && /^[\w$]+(\.[\w$]+)*$/.test(left.text) ? left.text.split('.') : null;
    }
    case 'export_statement':
      return ['default'];
    default:
      return null;
  }
}
