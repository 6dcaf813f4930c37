import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { workspaceAt } from '../engine/restore-workspace';
import { redactFiles, redactSecrets, withJsonForms } from '../protocol/redact-secrets';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { environmentSecrets } from './environment-key';
import { eventFormatter } from './format-event';
import { pathUnder, readSessionFile } from './session-file-io';
import { writeTreeUnder } from './write-tree';

/** `show FILE [--json]`: a session file's log, as JSONL or as the same text `run` prints. */
export async function showCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  rejectUnknownFlags(args, ['json']);
  const path = args.positionals[0];
  if (!path || args.positionals.length > 1) throw new UsageError('show needs one session file: show FILE [--json]');
  const { file, events } = await readSessionFile(path);
  // A file saved before keys were kept out of it may hold the environment's key: it is never printed.
  const secrets = withJsonForms(environmentSecrets());
  const print = (line: string) => out(redactSecrets(line, secrets));
  if (args.flags.get('json') === true) {
    for (const event of events) print(JSON.stringify(event));
    return 0;
  }
  const meta = file.session;
  print(`session ${meta.id} · ${meta.status} · ${meta.mode} · ${meta.model.label} · ${meta.eventCount} events · ${new Date(meta.createdAt).toISOString()}`);
  const format = eventFormatter();
  for (const event of events) {
    const text = format(event);
    if (text !== null) print(text);
  }
  return 0;
}

/**
 * `export FILE --out DIR`: writes the session's final workspace (its last snapshot) into DIR,
 * never through a symbolic link already inside DIR (it refuses, writing nothing).
 */
export async function exportCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  rejectUnknownFlags(args, ['out']);
  const path = args.positionals[0];
  const dir = stringFlag(args, 'out');
  if (!path || args.positionals.length > 1 || !dir) throw new UsageError('export needs a session file and a folder: export FILE --out DIR');
  const { events, store } = await readSessionFile(path);
  const snapshot = await workspaceAt(events, store);
  if (snapshot === null) throw new Error(`${path} holds no workspace snapshot (it was saved before snapshots existed, or before its run started)`);
  // As in every export, the environment's key is redacted (a file saved before that was done may hold it).
  const files = redactFiles(snapshot, environmentSecrets());
  const targets: [string, string][] = [];
  for (const [relativePath, content] of Object.entries(files)) {
    const target = pathUnder(dir, relativePath);
    if (target === null) throw new Error(`${path} names a file outside the workspace: ${JSON.stringify(relativePath)}`);
    targets.push([target, content]);
  }
  await mkdir(dir, { recursive: true });
  await writeTreeUnder(resolve(dir), targets);
  const count = targets.length;
  out(`wrote ${count} file${count === 1 ? '' : 's'} to ${dir}`);
  return 0;
}
