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

const PREPROCESSOR_BLOCKS = ['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef'];
const TEMPLATE = ['template_declaration'];
const DECLARATOR_WRAPPERS = ['pointer_declarator', 'reference_declarator', 'attributed_declarator'];
const MACRO_NAME = /^[A-Z_][A-Z0-9_]*$/;
const NAME_TYPES = ['identifier', 'field_identifier', 'destructor_name', 'operator_name', 'type_identifier'];

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
      return isPrototypeScope(node) ? functionDefinition(node) : null;
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

/**
 * Whether a declaration stands where prototypes do. An ERROR outside any function body counts: a
 * header the parser could not read whole (an `extern "C" {` closed under `#if 0`) is one big ERROR
 * still holding clean prototypes. There a prototype needs a return type (a macro call `X(a, b)` has
 * none), and `functionDefinition` keeps only the declarations that declare a function.
 */
function isPrototypeScope(declaration: Node): boolean {
  const parent = declaration.parent;
  if (!parent) return false;
  if (DECLARATION_SCOPES.includes(parent.type)) return true;
  return parent.type === 'ERROR' && field(declaration, 'type') !== null && !hasAncestor(parent, 'compound_statement');
}

function hasAncestor(node: Node, type: string): boolean {
  for (let current = node.parent; current; current = current.parent) if (current.type === type) return true;
  return false;
}

function functionDefinition(node: Node): Definition | null {
  const target = functionNameNode(declaratorBeforeInitializers(node) ?? field(node, 'declarator'));
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

/**
 * A constructor whose head the parser could not read (`MACRO explicit X(…) : _M_t(__p) {}`): the head
 * lands in an ERROR ending with the `:` of the member initializers, and the first initializer becomes
 * the declarator. The function declarator in the ERROR is the real one.
 */
function declaratorBeforeInitializers(node: Node): Node | null {
  const error = field(node, 'declarator')?.previousSibling;
  if (error?.type !== 'ERROR' || error.lastChild?.type !== ':') return null;
  return error.namedChildren.find((child) => child?.type === 'function_declarator') ?? null;
}

/**
 * The node naming the declared function, through pointers and references: the function declarator's
 * name, or a conversion operator (`operator bool() const`), which has no function declarator.
 * A namespace-scope `void f() = delete;` reads as an initialized declarator.
 */
function functionNameNode(declarator: Node | null): Node | null {
  let current = declarator;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === 'function_declarator') return functionDeclaratorName(current);
    if (isConversionOperator(current)) return current;
    if (current.type === 'init_declarator' ? !isDeletedOrDefaulted(current) : !DECLARATOR_WRAPPERS.includes(current.type)) return null;
    current = field(current, 'declarator') ?? current.lastNamedChild;
  }
  return null;
}

/**
 * `static INLINE_MACRO type\nname (…)`: the macro is read as the return type and the return type as
 * the name, leaving the real name alone in an ERROR right before the parameters (unless it is a
 * macro itself: `type __NTH (name (…))`).
 */
function functionDeclaratorName(declarator: Node): Node | null {
  const before = field(declarator, 'parameters')?.previousSibling;
  const stray = before?.type === 'ERROR' && before.childCount === 1 ? before.firstChild : null;
  return stray?.type === 'identifier' && !MACRO_NAME.test(stray.text) ? stray : field(declarator, 'declarator');
}

function isConversionOperator(node: Node): boolean {
  return node.type === 'operator_cast' || (node.type === 'qualified_identifier' && qualifiedParts(node).last?.type === 'operator_cast');
}

/** `= delete` parses as a `delete` expression missing its operand; `T& T::operator=(T&&) = default` as the identifier `default`. */
function isDeletedOrDefaulted(initDeclarator: Node): boolean {
  const value = field(initDeclarator, 'value');
  return value?.type === 'delete_expression' || (value?.type === 'identifier' && value.text === 'default');
}

interface DeclaredName {
  name: string;
  nameNode: Node;
  qualifiers: string[];
}

function declaredName(node: Node): DeclaredName | null {
  const { qualifiers, last } = qualifiedParts(node);
  const current = last?.type === 'template_function' ? field(last, 'name') : last;
  if (!current) return null;
  if (current.type === 'operator_cast') return { name: conversionName(current), nameNode: current, qualifiers };
  if (!NAME_TYPES.includes(current.type)) return null;
  return { name: current.text.replace(/\s+/g, ' '), nameNode: current, qualifiers };
}

/**
 * `a::B<T>::c` → scopes `a`, `B` and the last name `c`. A scope the parser made up goes, with all
 * before it: a macro before the return type (`MACRO inline T\n f()`) reads as `T::f` with a MISSING
 * `::`, or leaves an ERROR in the scope. What precedes the real name there is the return type.
 */
function qualifiedParts(node: Node): { qualifiers: string[]; last: Node | null } {
  let qualifiers: string[] = [];
  let current: Node | null = node;
  while (current?.type === 'qualified_identifier') {
    const scope = field(current, 'scope');
    if (scope?.hasError || hasMissingScopeOperator(current)) qualifiers = [];
    else if (scope) qualifiers.push(stripTypeArguments(scope.text));
    current = field(current, 'name');
  }
  return { qualifiers, last: current };
}

function hasMissingScopeOperator(qualified: Node): boolean {
  return qualified.children.some((child) => child?.type === '::' && child.isMissing);
}

/** `operator const char*() const` → `operator const char*`: the text before the parameter list, spaces collapsed. */
function conversionName(operatorCast: Node): string {
  let parameters: Node | null = field(operatorCast, 'declarator');
  for (let depth = 0; parameters && parameters.type !== 'abstract_function_declarator' && depth < 8; depth++) {
    parameters = field(parameters, 'declarator') ?? parameters.lastNamedChild;
  }
  const text = operatorCast.text;
  const head = parameters && text.endsWith(parameters.text) ? text.slice(0, text.length - parameters.text.length) : text;
  return head.replace(/\s+/g, ' ').trim();
}

/** The name of the class/struct whose body holds this member (through `#if` blocks), or null outside one. */
function enclosingClassName(outer: Node): string | null {
  let list = outer.parent;
  while (list && PREPROCESSOR_BLOCKS.includes(list.type)) list = list.parent;
  if (!list || list.type !== 'field_declaration_list') return null;
  const owner = list.parent;
  const name = owner ? field(owner, 'name') : null;
  return name ? typeName(name).name : '';
}

function typeSpecifier(node: Node): Definition | null {
  const kind = TYPE_SPECIFIERS[node.type];
  const nameNode = field(node, 'name');
  if (!kind || !nameNode || !field(node, 'body')) return null;
  // `typedef struct S {...} S_t;` is listed once, as the typedef.
  if (node.parent?.type === 'type_definition') return null;
  return { ...typeName(nameNode), kind, nameNode, outer: climbWrappers(node, TEMPLATE) };
}

/** `class A::B<T>` → `B`, qualified by `A` (as `void A::b()` is). */
function typeName(nameNode: Node): { name: string; qualifiers: string[] } {
  const { qualifiers, last } = qualifiedParts(nameNode);
  return { name: stripTypeArguments((last ?? nameNode).text), qualifiers };
}

function typeDefinition(node: Node): Definition | null {
  const read = typedefName(field(node, 'declarator'));
  const nameNode = read && (nameAfterQualifierMacro(node, read) ?? read);
  if (!nameNode) return null;
  const type = field(node, 'type');
  const specifierKind = type && field(type, 'body') ? TYPE_SPECIFIERS[type.type] : undefined;
  return { name: nameNode.text, kind: specifierKind ?? 'type', nameNode, outer: node };
}

/** Down the declarators to the declared name, past ERRORs (`typedef void (XMLCALL *handler)(…)`: `XMLCALL` is one). */
function typedefName(declarator: Node | null): Node | null {
  let current = declarator;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === 'type_identifier' || current.type === 'primitive_type') return current;
    current = field(current, 'declarator') ?? current.namedChildren.find((child) => child !== null && child.type !== 'ERROR') ?? null;
  }
  return null;
}

/**
 * `typedef png_struct * PNG_RESTRICT png_structrp;`: the qualifier macro is read as the name, the
 * typedef ends at a MISSING `;`, and the real name follows on the same line as an expression statement.
 * An attribute macro after the name (`typedef int old_t DEPRECATED_MACRO;`) reads the same way: there
 * the macro is the all-caps word of the two. A declarator holding an ERROR (`__decltype(…)`) names nothing.
 */
function nameAfterQualifierMacro(node: Node, read: Node): Node | null {
  const end = node.lastChild;
  if (end?.type !== ';' || !end.isMissing) return null;
  const next = node.nextSibling;
  const name = next?.type === 'expression_statement' && next.namedChildCount === 1 ? next.firstNamedChild : null;
  if (name?.type !== 'identifier' || name.startPosition.row !== end.startPosition.row) return null;
  const misread = field(node, 'declarator')?.hasError === true || (MACRO_NAME.test(read.text) && !MACRO_NAME.test(name.text));
  return misread ? name : null;
}
