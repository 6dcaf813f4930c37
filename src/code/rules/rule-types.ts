import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../symbol-types';

/** What a language rule says about one syntax node that declares something. */
export interface Definition {
  name: string;
  kind: SymbolKind;
  /** The whole declaration, wrappers included (`export`, decorators, `template <...>`): it sets the range. */
  outer: Node;
  /** The node holding the name, for `signatureLine`; null for anonymous declarations. */
  nameNode: Node | null;
  /** Qualifiers written in the declaration itself: `A` in `void A::b()`, the receiver type of a Go method. */
  qualifiers?: string[];
  /** What children are qualified with, when not this symbol's own qualified name (Rust `impl Trait for T` → `T`). */
  childQualifier?: string[];
  /** A body-less signature that merges into a following declaration of the same name (TS overloads). */
  overloadSignature?: boolean;
  /** A statement-form namespace (`namespace X;`) that owns the siblings after it, up to the next one. */
  ownsFollowingSiblings?: boolean;
}

export interface LanguageRules {
  /** Node types that can declare a symbol; `classify` decides for each node found. Types a grammar lacks are ignored. */
  definitionTypes: readonly string[];
  /**
   * Definition types that only count when one field holds one of some node types (`const f = () => {}`):
   * the query checks it, so the many other nodes of that type never reach `classify`. Mirrors classify's own check.
   */
  valueFilters?: Readonly<Record<string, { field: string; types: readonly string[] }>>;
  commentTypes: readonly string[];
  /** Node types that `classify` may mark `ownsFollowingSiblings` (`namespace X;`). */
  siblingOwnerTypes?: readonly string[];
  /** Sibling nodes that belong to the declaration after them (TS method decorators, Rust `#[...]`). */
  attachedPrefixTypes?: readonly string[];
  /** Comments that never document the next declaration (a shebang). */
  isIgnoredComment?: (comment: Node) => boolean;
  classify(node: Node): Definition | null;
}
