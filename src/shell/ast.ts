import type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode } from 'just-bash';

/**
 * just-bash exports only a few of its AST types from the package root; the
 * rest are derived here from those, so nothing reaches into its dist folders.
 */
export type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode };

export type WordPart = WordNode['parts'][number];
export type RedirectionNode = SimpleCommandNode['redirections'][number];
export type AssignmentNode = SimpleCommandNode['assignments'][number];
export type FunctionDefNode = Extract<CommandNode, { type: 'FunctionDef' }>;
export type ParameterExpansionPart = Extract<WordPart, { type: 'ParameterExpansion' }>;
export type ParameterOperation = NonNullable<ParameterExpansionPart['operation']>;
export type ArithmeticExpressionNode = Extract<WordPart, { type: 'ArithmeticExpansion' }>['expression'];
export type ArithExpr = ArithmeticExpressionNode['expression'];
export type ConditionalExpressionNode = Extract<CommandNode, { type: 'ConditionalCommand' }>['expression'];
export type BraceItem = Extract<WordPart, { type: 'BraceExpansion' }>['items'][number];
