import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';
import { climbWrappers, field, stripTypeArguments } from './node-helpers';
import type { Definition, LanguageRules } from './rule-types';

/**
 * C and C++. Prototypes and in-class method declarations are symbols too (they are what a header
 * holds). Out-of-line definitions `void ns::A::b()` are qualified `ns.A.b` and count as methods
 * (constructors when the name repeats the last qualifier): the parser cannot tell a class from a
 * namespace there.
 */
const TYPE_SPECIFIERS: Readonly<Record<string, SymbolKind>> = {
  struct_specifier: 'struct',
  union_specifier: 'struct',
  class_specifier: 'class',
  enum_specifier: 'enum',
};

/** Where a `declaration` is a prototype rather than a local variable (or C++'s "most vexing parse"). */
const DECLARATION_SCOPES = [
  'translation_unit',
  'declaration_list',
  'field_declaration_list',
  'linkage_specification',
  'template_declaration',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
  'preproc_elifdef',
];


const TEMPLATE = ['template_declaration'];

export const cRules: LanguageRules = {
  definitionTypes: ['function_definition', 'declaration', 'struct_specifier', 'union_specifier', 'enum_specifier', 'type_definition'],
  commentTypes: ['comment'],
  classify,
};

export const cppRules: LanguageRules = {
  definitionTypes: [...cRules.definitionTypes, 'field_declaration', 'class_specifier', 'namespace_definition', 'alias_declaration'],
  commentTypes: ['comment'],
  classify,
};

function classify(node: Node): Definition | null {
  switch (node.type) {
    case 'function_definition':
      return functionDefinition(node);
    case 'declaration':
    case 'field_declaration':
      return node.parent && DECLARATION_SCOPES.includes(node.parent.type) ? functionDefinition(node) : null;
    case 'struct_specifier':
    case 'union_specifier':
    case 'class_specifier':
    case 'enum_specifier':
      return typeSpecifier(node);
    case 'type_definition':
      return typeDefinition(node);
    case 'alias_declaration': {
      const nameNode = field(node, 'name');
      return nameNode ? { name: nameNode.text, kind: 'type', nameNode, outer: climbWrappers(node, TEMPLATE) } : null;
    }
    case 'namespace_definition': {
      const nameNode = field(node, 'name');
      // An anonymous namespace is no symbol: what it holds is listed at the level around it.
      if (!nameNode) return null;
      return { name: nameNode.text.replace(/\s+/g, '').split('::').join('.'), kind: 'module', nameNode, outer: node };
    }
    default:
      return null;
  }
}

function functionDefinition(node: Node): Definition | null {
  const declarator = functionDeclarator(node);
  const target = declarator ? field(declarator, 'declarator') : null;
  const parsed = target ? declaredName(target) : null;
  if (!parsed) return null;
  const { name, nameNode, qualifiers } = parsed;
  const outer = climbWrappers(node, TEMPLATE);
  const className = enclosingClassName(outer);
  let kind: SymbolKind = 'function';
  if (className !== null) kind = name === className ? 'constructor' : 'method';
  else if (qualifiers.length > 0) kind = name === qualifiers.at(-1) ? 'constructor' : 'method';
  return { name, kind, nameNode, outer, qualifiers };
}

/** Follows `declarator` fields through pointers and references down to the function declarator. */
function functionDeclarator(node: Node): Node | null {
  let current = field(node, 'declarator');
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === 'function_declarator') return current;
    if (!['pointer_declarator', 'reference_declarator', 'attributed_declarator'].includes(current.type)) return null;
    current = field(current, 'declarator') ?? current.lastNamedChild;
  }
  return null;
}

interface DeclaredName {
  name: string;
  nameNode: Node;
  qualifiers: string[];
}

function declaredName(node: Node): DeclaredName | null {
  const qualifiers: string[] = [];
  let current: Node | null = node;
  while (current && current.type === 'qualified_identifier') {
    const scope = field(current, 'scope');
    if (scope) qualifiers.push(stripTypeArguments(scope.text));
    current = field(current, 'name');
  }
  if (!current) return null;
  if (current.type === 'template_function') current = field(current, 'name');
  if (!current) return null;
  if (!['identifier', 'field_identifier', 'destructor_name', 'operator_name', 'type_identifier'].includes(current.type)) return null;
  return { name: current.text.replace(/\s+/g, ' '), nameNode: current, qualifiers };
}

const PREPROCESSOR_BLOCKS = ['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef'];

/** The name of the class/struct whose body holds this member (through `#if` blocks), or null outside one. */
function enclosingClassName(outer: Node): string | null {
  let list = outer.parent;
  while (list && PREPROCESSOR_BLOCKS.includes(list.type)) list = list.parent;
  if (!list || list.type !== 'field_declaration_list') return null;
  const owner = list.parent;
  const name = owner ? field(owner, 'name') : null;
  return name ? stripTypeArguments(name.text) : '';
}

function typeSpecifier(node: Node): Definition | null {
  const kind = TYPE_SPECIFIERS[node.type];
  const nameNode = field(node, 'name');
  if (!kind || !nameNode || !field(node, 'body')) return null;
  // `typedef struct S {...} S_t;` is listed once, as the typedef.
  if (node.parent?.type === 'type_definition') return null;
  return { name: stripTypeArguments(nameNode.text), kind, nameNode, outer: climbWrappers(node, TEMPLATE) };
}

function typeDefinition(node: Node): Definition | null {
  const nameNode = typedefName(field(node, 'declarator'));
  if (!nameNode) return null;
  const type = field(node, 'type');
  const specifierKind = type && field(type, 'body') ? TYPE_SPECIFIERS[type.type] : undefined;
  return { name: nameNode.text, kind: specifierKind ?? 'type', nameNode, outer: node };
}

function typedefName(declarator: Node | null): Node | null {
  let current = declarator;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === 'type_identifier' || current.type === 'primitive_type') return current;
    current = field(current, 'declarator') ?? current.firstNamedChild;
  }
  return null;
}
