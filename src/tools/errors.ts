import { messageOf } from '../protocol/error-message';
import { SandboxError, SandboxUnavailableError } from '../sandbox/port';
import { fail, type ToolErrorKind, type ToolFailure } from './tool';
import { WriteNotLandedError } from './verified-write';

const SANDBOX_ERROR_KINDS: Record<SandboxError['code'], ToolErrorKind> = {
  ENOENT: 'not_found',
  EEXIST: 'already_exists',
  EISDIR: 'is_directory',
  ENOTDIR: 'not_a_directory',
  ELOOP: 'sandbox_error',
  EINVAL: 'sandbox_error',
  EIO: 'sandbox_error',
};

/** The failure kind of an error thrown by the sandbox (or anything else). */
export function errorKindOf(error: unknown): ToolErrorKind {
  if (error instanceof SandboxError) return SANDBOX_ERROR_KINDS[error.code];
  // The engine ends the run on this kind (sandbox_failure): nothing more can run in that sandbox.
  if (error instanceof SandboxUnavailableError) return 'sandbox_unavailable';
  if (error instanceof WriteNotLandedError) return 'sandbox_error';
  return 'internal_error';
}

/** A thrown error as a failed result: its kind, and the sentence describeError writes. */
export function failFromError(error: unknown, display: string): ToolFailure {
  return fail(errorKindOf(error), describeError(error, display));
}

/** Turns an error thrown by the sandbox (or anything else) into one readable sentence for the model. */
export function describeError(error: unknown, display: string): string {
  if (error instanceof SandboxError) {
    switch (error.code) {
      case 'ENOENT':
        return `${display} does not exist. Use list_files to see which files exist.`;
      case 'EEXIST':
        return `${display} already exists.`;
      case 'EISDIR':
        return `${display} is a directory, not a file. Use list_files to see what it contains.`;
      case 'ENOTDIR':
        return `A part of ${display} is a file, not a directory.`;
      case 'ELOOP':
        return `${display} goes through a loop of symbolic links, so it leads nowhere.`;
      default:
        return `The sandbox could not complete the operation on ${display}: ${error.message}`;
    }
  }
  if (error instanceof SandboxUnavailableError) return `The sandbox stopped working while working on ${display}: ${error.message}`;
  if (error instanceof WriteNotLandedError) {
    return `${display} was not written: the sandbox accepted the write, but the file does not read back with the new content. Check the path with list_files (a symbolic link on the way?) before trying again.`;
  }
  const message = messageOf(error);
  return `Unexpected error while working on ${display}: ${message}`;
}
