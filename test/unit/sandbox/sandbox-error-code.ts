import { expect } from 'vitest';
import { SandboxError } from '../../../src/sandbox/port';

/** The SandboxError code a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    return (error as SandboxError).code;
  }
  throw new Error('expected a SandboxError');
}
