import { type CommandCheck, decide } from './check-command';
import { classifyCommand, type ClassifyOptions, type CommandVerdict } from './classify';
import type { ShellRule } from './shell-rules';

/** Reads a workspace file by absolute path: its text, or null when it does not exist. Throwing means unreadable. */
export type ReadWorkspaceFile = (absPath: string) => Promise<string | null>;

/** Rounds of reading: each round follows scripts one level deeper. */
export const MAX_FILE_ROUNDS = 5;
export const MAX_FILES = 32;
export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_TOTAL_BYTES = 1024 * 1024;

/**
 * Classifies `command`, reading the workspace files its judgement needs
 * (scripts run by name, package.json, .npmrc…) with `readFile` and
 * classifying again, until nothing more is needed or a limit is reached.
 * A file that could not be read, or one over a limit, fails closed with the reason.
 */
export async function classifyWithFiles(command: string, options: ClassifyOptions, readFile: ReadWorkspaceFile): Promise<CommandVerdict> {
  const files = new Map(options.files ?? []);
  const unreadable = new Map(options.unreadableFiles ?? []);
  let total = [...files.values()].reduce((n, text) => n + (text?.length ?? 0), 0);
  let verdict = classifyCommand(command, { ...options, files, unreadableFiles: unreadable });
  for (let round = 1; round < MAX_FILE_ROUNDS && verdict.needsFiles.length > 0; round++) {
    for (const path of verdict.needsFiles) {
      if (files.size >= MAX_FILES) {
        unreadable.set(path, `more than ${MAX_FILES} files would have to be read to judge the command`);
        continue;
      }
      try {
        const text = await readFile(path);
        if (text !== null && text.length > MAX_FILE_BYTES) unreadable.set(path, `it is larger than ${MAX_FILE_BYTES / 1024} KiB`);
        else if (text !== null && total + text.length > MAX_TOTAL_BYTES) unreadable.set(path, `the files to read exceed ${MAX_TOTAL_BYTES / 1024} KiB in all`);
        else {
          files.set(path, text);
          total += text?.length ?? 0;
        }
      } catch (error) {
        unreadable.set(path, error instanceof Error ? error.message : String(error));
      }
    }
    verdict = classifyCommand(command, { ...options, files, unreadableFiles: unreadable });
  }
  return verdict;
}

/** checkCommand with the files the judgement needs read by `readFile` (see classifyWithFiles). */
export async function checkCommandWithFiles(command: string, rule: ShellRule, options: ClassifyOptions, readFile: ReadWorkspaceFile): Promise<CommandCheck> {
  return decide(await classifyWithFiles(command, options, readFile), rule);
}
