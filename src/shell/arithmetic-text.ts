import type { WordNode, WordPart } from './ast';
import { mayHideCode } from './variables';

/** Shell-maintained variables that always hold numbers. */
const NUMERIC_SPECIALS = /^(RANDOM|SRANDOM|SECONDS|EPOCHSECONDS|LINENO|BASHPID|PPID|UID|EUID)$/;

/**
 * Arithmetic given as text (`let x=y+1`, an array subscript, a `[[ -eq ]]`
 * operand): the first thing it reads whose value is not known to be a plain
 * number, described for a reason; null when it only reads numbers.
 */
export function arithmeticTextRisk(text: string, isNumeric: (name: string) => boolean): string | null {
  if (mayHideCode(text)) return 'a command substitution';
  const token = /\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}?|0[xX][0-9a-fA-F]+|[0-9]+#[0-9A-Za-z@_]+|[0-9]+|([A-Za-z_][A-Za-z0-9_]*)/g;
  for (const match of text.matchAll(token)) {
    const name = match[1] ?? match[2];
    if (name === undefined) continue;
    // `x=…` only assigns x; `x+=…` reads it first.
    if (match[2] !== undefined && /^\s*=(?!=)/.test(text.slice((match.index ?? 0) + name.length))) continue;
    if (/^[#?$!]$/.test(name) || NUMERIC_SPECIALS.test(name) || isNumeric(name)) continue;
    return /^[0-9@*-]/.test(name) ? `'$${name}'` : `'${name}'`;
  }
  return null;
}

/**
 * The variables arithmetic given as text assigns: `x=…`, `x+=…`, `a[i]=…` (chained ones too) and
 * `x++`, `--x`. Comparisons (`==`, `!=`, `<=`, `>=`) assign nothing.
 */
export function arithmeticTextAssigns(text: string): string[] {
  const assignment = /([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]]*\])?\s*(?:<<|>>|[-+*/%&|^])?=(?!=)/g;
  const step = /(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]]*\])?\s*(?:\+\+|--)/g;
  const names = [...text.matchAll(assignment)].map((match) => match[1]);
  names.push(...[...text.matchAll(step)].map((match) => match[1] ?? match[2]));
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}

/** The same for a word that bash expands first: its expansions must be numeric variables too. */
export function wordArithmeticRisk(word: WordNode, isNumeric: (name: string) => boolean): string | null {
  return partsRisk(word.parts, isNumeric);
}

function partsRisk(parts: readonly WordPart[], isNumeric: (name: string) => boolean): string | null {
  for (const part of parts) {
    switch (part.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'Escaped': {
        const risk = arithmeticTextRisk(part.value, isNumeric);
        if (risk) return risk;
        break;
      }
      case 'DoubleQuoted': {
        const risk = partsRisk(part.parts, isNumeric);
        if (risk) return risk;
        break;
      }
      case 'ParameterExpansion':
        if (part.operation !== null || !(isNumeric(part.parameter) || NUMERIC_SPECIALS.test(part.parameter) || /^[#?$!]$/.test(part.parameter))) {
          return `'$${part.parameter.length > 1 ? `{${part.parameter}}` : part.parameter}'`;
        }
        break;
      case 'ArithmeticExpansion':
        break;
      default:
        return 'an expansion';
    }
  }
  return null;
}
