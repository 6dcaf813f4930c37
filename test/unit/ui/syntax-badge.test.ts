import { describe, expect, it } from 'vitest';
import { syntaxCheckBadge } from '../../../src/ui/timeline/format';

describe('syntaxCheckBadge', () => {
  it('counts the new errors a write result reports', () => {
    expect(syntaxCheckBadge('Edited a.ts: replaced line 3.\n\n--- diff\n\nSyntax check: 1 new error — line 3, column 5: missing `)`')).toBe('1 syntax error');
    expect(syntaxCheckBadge('Created a.py (2 lines, 20 B).\n\nSyntax check: 3 new errors:\n- line 1 …')).toBe('3 syntax errors');
  });

  it('says nothing for clean writes, skipped checks or text that merely mentions a check', () => {
    expect(syntaxCheckBadge('Created a.ts (1 line, 10 B).')).toBeNull();
    expect(syntaxCheckBadge('Created a.rb.\n\nSyntax check skipped: could not load the ruby grammar.')).toBeNull();
    expect(syntaxCheckBadge('    3 | // Syntax check: 1 new error')).toBeNull();
  });
});
