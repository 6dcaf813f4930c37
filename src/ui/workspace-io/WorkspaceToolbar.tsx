import { useId } from 'react';
import { useWorkspaceIo, type WorkspaceIoDeps } from './use-workspace-io';

import '../styles/workspace-io.css';

export type WorkspaceToolbarProps = WorkspaceIoDeps;

/**
 * Open folder, Open zip file, Download workspace (.zip), Download patch, and the line that says
 * how the last one went. Drops on the page (a folder, a .zip, a session file) report here too.
 */
export function WorkspaceToolbar(props: WorkspaceToolbarProps) {
  const io = useWorkspaceIo(props);
  const { notice } = io;
  const patchNoteId = useId();
  // Why there is no patch to download, said where the button is (a disabled button shows no tooltip to a keyboard).
  const patchNote =
    props.sessionId === null ? 'No session on the page.' : props.changedFiles === false ? 'The session changed no files: there is no patch.' : null;
  return (
    <div className="workspace-io" role="group" aria-label="Workspace files">
      <button
        type="button"
        className="button"
        disabled={!io.canImport}
        title={props.busy ? 'A run is in progress' : 'Load a folder as the workspace (or drop a folder or a .zip on the page)'}
        onClick={io.openFolder}
      >
        Open folder
      </button>
      <input ref={io.folderInput} type="file" multiple hidden tabIndex={-1} aria-hidden="true" data-testid="folder-input" onChange={io.onFolderInput} />
      <button
        type="button"
        className="button"
        disabled={!io.canImport}
        title={props.busy ? 'A run is in progress' : 'Load a .zip as the workspace (or drop one on the page)'}
        onClick={io.openZip}
      >
        Open zip file
      </button>
      <input
        ref={io.zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="zip-input"
        onChange={io.onZipInput}
      />
      <button type="button" className="button" disabled={!props.workerReady || io.working} onClick={io.downloadWorkspace}>
        Download workspace (.zip)
      </button>
      <button
        type="button"
        className="button"
        disabled={!io.canPatch}
        title={patchNote ?? 'What the session on the page changed, as a patch for git apply'}
        aria-describedby={patchNote === null ? undefined : patchNoteId}
        onClick={io.downloadPatch}
      >
        Download patch
      </button>
      {patchNote !== null && (
        <span id={patchNoteId} className="visually-hidden">
          {patchNote}
        </span>
      )}
      <p role="status" aria-label="Import and export" className="workspace-io-notice" data-kind={notice?.kind ?? 'none'}>
        {notice?.text ?? ''}
      </p>
    </div>
  );
}
