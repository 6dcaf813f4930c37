/**
 * What the agent has seen of each file during a run. An edit is only allowed on
 * a file it has read (or created) and that has not changed since, for example
 * through a command: editing from a stale picture is how edits land wrongly.
 */
export class FileVersions {
  private readonly seen = new Map<string, string>();

  /** Called whenever the agent reads, creates or edits a file (absolute path). */
  remember(path: string, content: string): void {
    this.seen.set(path, content);
  }

  check(path: string, current: string): 'fresh' | 'unread' | 'stale' {
    const seen = this.seen.get(path);
    if (seen === undefined) return 'unread';
    return seen === current ? 'fresh' : 'stale';
  }
}
