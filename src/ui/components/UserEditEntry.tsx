import type { TimelineEntry } from '../state/reducer';

type UserEditTimelineEntry = Extract<TimelineEntry, { kind: 'user_edit' }>;

const VERB = { created: 'created', edited: 'edited', deleted: 'deleted' } as const;

/** A file the user saved between runs: "You edited src/a.ts", its diff behind a disclosure. */
export function UserEditEntry({ entry }: { entry: UserEditTimelineEntry }) {
  return (
    <details className="user-edit">
      <summary>
        You {VERB[entry.change]} <code>{entry.path}</code>
      </summary>
      <pre className="user-edit-diff" role="group" aria-label={`Diff of ${entry.path}`}>
        {entry.diff.split('\n').map((line, index) => (
          <span
            key={index}
            className={line.startsWith('+') && !line.startsWith('+++') ? 'diff-add' : line.startsWith('-') && !line.startsWith('---') ? 'diff-del' : undefined}
          >
            {line}
            {'\n'}
          </span>
        ))}
      </pre>
    </details>
  );
}
