import { SandboxError } from '../sandbox/port';
import { messageOf } from '../protocol/error-message';
import { WriteNotLandedError } from './verified-write';

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
  if (error instanceof WriteNotLandedError) {
    return `${display} was not written: the sandbox accepted the write, but the file does not read back with the new content. Check the path with list_files (a symbolic link on the way?) before trying again.`;
  }
  const message = messageOf(error);
  return `Unexpected error while working on ${display}: ${message}`;
}
