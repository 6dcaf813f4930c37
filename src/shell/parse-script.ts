import { Bash } from 'just-bash';
import { messageOf } from '../protocol/error-message';
import type { ScriptNode } from './ast';
import { keepContinuationSpace } from './line-continuations';

export type ParseOutcome = { ok: true; script: ScriptNode } | { ok: false; error: string };

/**
 * Parsing goes through `Bash.transform` because the package's `parse` export
 * exists only in its Node bundle, not in the browser one the worker gets.
 * A transform plugin keeps the parsed AST and hands back an empty script, so
 * the transform's serializer has nothing to print (and nothing to trip on).
 * The transform trims line indentation first; `keepContinuationSpace` keeps
 * the indentation that separates words after a backslash-newline.
 * No command is ever executed.
 */
const EMPTY_SCRIPT: ScriptNode = { type: 'Script', statements: [] };

let parser: Bash | undefined;
let captured: ScriptNode | undefined;

function getParser(): Bash {
  if (!parser) {
    parser = new Bash();
    parser.registerTransformPlugin({
      name: 'phasegate-capture-ast',
      transform(context) {
        captured = context.ast;
        return { ast: EMPTY_SCRIPT };
      },
    });
  }
  return parser;
}

export function parseScript(source: string): ParseOutcome {
  captured = undefined;
  try {
    getParser().transform(keepContinuationSpace(source));
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
  const script = captured;
  captured = undefined;
  if (!script) return { ok: false, error: 'the parser returned no syntax tree' };
  return { ok: true, script };
}
