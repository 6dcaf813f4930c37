import type { LanguageId } from '../languages';
import { bashRules } from './bash';
import { cppRules, cRules } from './c-family';
import { csharpRules } from './csharp';
import { goRules } from './go';
import { javaRules } from './java';
import { javascriptRules } from './javascript';
import { phpRules } from './php';
import { pythonRules } from './python';
import { rubyRules } from './ruby';
import type { LanguageRules } from './rule-types';
import { rustRules } from './rust';

const RULES: Readonly<Record<LanguageId, LanguageRules>> = {
  typescript: javascriptRules,
  tsx: javascriptRules,
  javascript: javascriptRules,
  python: pythonRules,
  go: goRules,
  rust: rustRules,
  java: javaRules,
  c: cRules,
  cpp: cppRules,
  ruby: rubyRules,
  php: phpRules,
  csharp: csharpRules,
  bash: bashRules,
};

export function rulesFor(language: LanguageId): LanguageRules {
  return RULES[language];
}
