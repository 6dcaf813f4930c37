import { describe, expect, it } from 'vitest';
import { endSentence, messageOf } from '../../../src/protocol/error-message';

describe('endSentence', () => {
  it('adds a full stop once', () => {
    expect(endSentence('The model request failed: Unauthorized')).toBe('The model request failed: Unauthorized.');
    expect(endSentence('The model request failed: Incorrect API key provided.')).toBe('The model request failed: Incorrect API key provided.');
    expect(endSentence('Is it?')).toBe('Is it?');
    expect(endSentence('Stop!  ')).toBe('Stop!');
    expect(endSentence(`${messageOf(new Error('x.'))}`)).toBe('x.');
  });
});
