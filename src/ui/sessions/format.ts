import type { SessionMeta } from '../../protocol/session-file';

/** "1.4 MB", "820 KB", "312 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** A session's start as the viewer's locale shows a date and time. */
export function formatStart(session: Pick<SessionMeta, 'createdAt'>): string {
  return new Date(session.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The first line of a task, cut to fit a list row. */
export function taskTitle(task: string, max = 90): string {
  const line = task.trim().split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || '(no task)';
}

/**
 * The Sessions dialog's storage line: what the listed sessions take, from their own sizes. The
 * browser's estimate counts the whole site (the offline copy of the app, caches), not sessions.
 */
export function storageLine(sessions: readonly Pick<SessionMeta, 'bytes'>[], quotaBytes: number | null): string {
  const bytes = sessions.reduce((sum, session) => sum + session.bytes, 0);
  const count = `${sessions.length} stored ${sessions.length === 1 ? 'session takes' : 'sessions take'} ${formatBytes(bytes)}`;
  const quota = quotaBytes === null ? '' : ` of the ${formatBytes(quotaBytes)} this browser allows this site`;
  return `${count}${quota} (their own size; the app's offline files are not counted).`;
}
