import { describe, expect, it } from 'vitest';
import { holdsSecret, REDACTED, redactFiles, redactSecrets } from '../../../src/protocol/redact-secrets';

const KEY = 'sk-abcdefgh12345678';

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redactSecrets(`a ${KEY} b ${KEY}`, [KEY])).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('ignores secrets too short to redact safely', () => {
    expect(redactSecrets('a short one: abc', ['abc'])).toBe('a short one: abc');
    expect(holdsSecret('abc', ['abc'])).toBe(false);
  });

  it('takes a longer secret whole when a shorter one is inside it', () => {
    const query = `api-key=${KEY}`;
    expect(redactSecrets(`?${query}`, [KEY, query])).toBe(`?${REDACTED}`);
  });
});

describe('redactFiles', () => {
  it('redacts paths and texts and leaves the input alone', () => {
    const files = { '.env': `KEY=${KEY}\n`, [`${KEY}.txt`]: 'x' };
    expect(redactFiles(files, [KEY])).toEqual({ '.env': `KEY=${REDACTED}\n`, [`${REDACTED}.txt`]: 'x' });
    expect(files['.env']).toContain(KEY);
  });
});
