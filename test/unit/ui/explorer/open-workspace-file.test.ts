import { describe, expect, it } from 'vitest';
import { openWorkspaceFile } from '../../../../src/ui/state/files';
import { initialState, openFiles, reduceAll } from '../../../../src/ui/state/reducer';
import { eventLog, runStarted } from '../event-log';

const BEFORE = 'echo one\n';
const AFTER = 'echo two\n';

/** A run that created src/a.sh (its diff against nothing). */
function runThatCreated() {
  return reduceAll(
    initialState,
    eventLog('run-1', [runStarted('Add a.sh'), { type: 'file_changed', path: 'src/a.sh', change: 'created', before: null, after: BEFORE, diff: '+echo one' }]),
  );
}

describe('opening a workspace file from the explorer', () => {
  it('opens a file the page did not show, as read', () => {
    const state = openWorkspaceFile(initialState, 'README.md', '# hi\n', false);
    expect(openFiles(state)).toEqual([expect.objectContaining({ path: 'README.md', content: '# hi\n', origin: 'read', before: null })]);
    expect(state.activeFile).toBe('README.md');
  });

  it('only selects a shown file whose text is the same', () => {
    const shown = runThatCreated();
    const state = openWorkspaceFile(shown, 'src/a.sh', BEFORE, false);
    expect(state.files['src/a.sh']).toBe(shown.files['src/a.sh']);
  });

  it("takes the worker's text for a shown file a command changed, keeping the run's diff", () => {
    const shown = runThatCreated();
    const state = openWorkspaceFile(shown, 'src/a.sh', AFTER, false);
    expect(state.files['src/a.sh']).toMatchObject({ content: AFTER, origin: 'created', before: null });
    expect(state.files['src/a.sh']?.version).toBeGreaterThan(shown.files['src/a.sh']?.version ?? 0);
    expect(openFiles(state)).toHaveLength(1);
  });
});
