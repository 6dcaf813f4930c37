/** A line only C++ has: a namespace, a template, an access specifier, a class with a body or bases, `using namespace`. */
const CPP_LINE =
  /^[ \t]*(?:namespace\b\s*(?:[\w:]+\s*)?(?:\{|$|\w+\s*\()|template\s*<|(?:public|private|protected)\s*:|class\s+\w+\s*(?:final\b\s*)?(?:[:{]|$)|using\s+namespace\s)/;
const CONDITIONAL = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$/;
/**
 * A condition asking whether this is C++ (`defined(__cplusplus)`, glibc's `__CORRECT_ISO_CPP_…`). A version
 * test alone (`__cplusplus >= 201103L`) is not one: C++ headers put their whole body under such tests.
 */
const ASKS_CPP = /defined\s*\(?\s*(?:__cplusplus|\w*_CPP_\w*)|^\s*!?\s*(?:__cplusplus|\w*_CPP_\w*)\s*(?:$|\/[/*]|&&|\|\|)/;
const NEGATED_CPP = /!\s*(?:defined\s*\(?\s*)?(?:__cplusplus|\w*_CPP_\w*)/;

interface Conditional {
  /** The group's first condition is "not C++" (`#ifndef __cplusplus`): its #else branch is C++-only. */
  negated: boolean;
  /** Whether the current branch (or an enclosing one) is C++-only. */
  cppOnly: boolean;
  outer: boolean;
}

/**
 * Whether a `.h` header is written in C++. Lines under `#ifdef __cplusplus` (and the like) do not count,
 * since C headers commonly carry C++ extras there, up to whole classes, unless the header has no code
 * outside such blocks at all (a C++ header wrapped whole in `#ifdef __cplusplus`).
 */
export function isCppHeader(content: string): boolean {
  const open: Conditional[] = [];
  let guardedCpp = false;
  let codeOutsideGuards = false;
  for (const line of content.split('\n')) {
    const conditional = CONDITIONAL.exec(line);
    if (!conditional) {
      const guarded = open.at(-1)?.cppOnly ?? false;
      if (CPP_LINE.test(line)) {
        if (!guarded) return true;
        guardedCpp = true;
      } else if (!guarded && isCode(line)) {
        codeOutsideGuards = true;
      }
      continue;
    }
    const [, directive, condition = ''] = conditional;
    const top = open.at(-1);
    if (directive === 'if' || directive === 'ifdef' || directive === 'ifndef') {
      const outer = top?.cppOnly ?? false;
      const asks = directive === 'if' ? ASKS_CPP.test(condition) : /__cplusplus|_CPP_/.test(condition);
      const negated = asks && (directive === 'ifndef' || NEGATED_CPP.test(condition));
      open.push({ negated, outer, cppOnly: outer || (asks && !negated) });
    } else if (directive === 'endif') {
      open.pop();
    } else if (top) {
      const branchCppOnly = directive === 'else' ? top.negated : ASKS_CPP.test(condition) && !NEGATED_CPP.test(condition);
      top.cppOnly = top.outer || branchCppOnly;
    }
  }
  return guardedCpp && !codeOutsideGuards;
}

/** A line that declares something: not blank, a comment, a preprocessor line or a lone brace (`extern "C" {`). */
function isCode(line: string): boolean {
  const text = line.trim();
  return text !== '' && !/^(?:\/\/|\/\*|\*|#|[{}]|extern\s+"C"\s*\{?$)/.test(text);
}
