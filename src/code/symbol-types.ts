/**
 * The fixed set of symbol kinds, the same for every language:
 * - function: a named function (free function, C prototype, Bash function, Ruby top-level def)
 * - method: a function that belongs to a class, struct, interface, trait, impl, object literal or module
 *   (also signatures without a body: interface/trait/abstract methods, C++ in-class declarations)
 * - constructor: `constructor`, `__init__`, `initialize`, `__construct`, Java/C#/C++ constructors
 * - getter / setter: `get x()` / `set x(v)` (TS/JS), `@property` / `@x.setter` (Python)
 * - bound_function: an arrow function or function expression bound to a name: by const/let/var,
 *   a class field, an object property, or an assignment such as `exports.x = function () {}`
 * - class: class, record, Java annotation type excepted (that is an interface)
 * - interface: interface (TS, Java, C#, Go, PHP), Java `@interface`
 * - struct: struct (Go, Rust, C, C++, C#), Rust/C unions
 * - enum, trait (Rust, PHP), impl (Rust `impl` blocks), type (type alias, typedef, Go named type, C# delegate)
 * - module: namespace (TS, C++, C#, PHP), `module` (TS, Ruby), Rust `mod`
 */
export const SYMBOL_KINDS = [
  'function',
  'method',
  'constructor',
  'getter',
  'setter',
  'bound_function',
  'class',
  'interface',
  'struct',
  'enum',
  'trait',
  'impl',
  'type',
  'module',
] as const;

export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/**
 * One declaration in a source file.
 *
 * Lines are 1-based and inclusive. The range covers everything that belongs to the declaration:
 * the doc comment directly above it (no blank line in between), decorators, annotations and
 * attributes, and an `export` / `export default` / `template <...>` wrapper. TypeScript overloads
 * (and Python `@overload` stubs) are one symbol spanning every signature and the implementation.
 *
 * Symbols form a tree: `children` holds the declarations nested inside this one, in source order,
 * and every child's range lies within its parent's.
 *
 * `qualifiedName` joins the enclosing symbols' names with dots: `Outer.Inner.method`. Qualifiers
 * written in the declaration itself are joined the same way: Go methods are `Type.method` (from the
 * receiver), Rust methods in `impl Type` or `impl Trait for Type` are `Type.method`, C++ `ns::A::b()`
 * is `ns.A.b`, Ruby `class A::B` is `A.B`, PHP `namespace App\Models` is `App.Models`. Functions in
 * an object literal bound to a name are qualified by that name: `const api = { get() {} }` gives
 * `api.get`.
 */
export interface CodeSymbol {
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  /** The line holding the declaration's name (after any doc comment and decorators). */
  signatureLine: number;
  children: CodeSymbol[];
}

/** Every symbol in source (pre-)order: a parent before its children. */
export function flattenSymbols(symbols: readonly CodeSymbol[]): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const visit = (list: readonly CodeSymbol[]) => {
    for (const symbol of list) {
      out.push(symbol);
      visit(symbol.children);
    }
  };
  visit(symbols);
  return out;
}
