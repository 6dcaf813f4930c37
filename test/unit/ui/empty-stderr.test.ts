import { describe, expect, it } from 'vitest';
import { formatStreams } from '../../../src/tools/command-runner';
import { withoutEmptyStderr } from '../../../src/ui/timeline/format';

describe('withoutEmptyStderr', () => {
  it('drops an empty stderr section and keeps one with text', () => {
    const quiet = `exit code 0\n${formatStreams({ stdout: 'ok\n', stderr: '' })}`;
    expect(withoutEmptyStderr(quiet)).toBe('exit code 0\n--- stdout ---\nok');
    const loud = `exit code 1\n${formatStreams({ stdout: '', stderr: 'boom\n' })}`;
    expect(withoutEmptyStderr(loud)).toBe(loud);
  });
});
