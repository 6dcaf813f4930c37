import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import { sessionFileTooLarge } from '../../protocol/session-file';
import { workspaceFiles } from '../../workspace/files';
import { type FolderDir, importFolder } from '../../workspace/folder-walk';
import { workspacePatch } from '../../workspace/patch';
import { unzipWorkspace, zipWorkspace } from '../../workspace/zip';
import type { EngineClient } from '../engine-client';
import { downloadFile } from './download';
import { type DirectoryEntryLike, type DirectoryHandleLike, folderFromEntry, folderFromFiles, folderFromHandle } from './folder-import';
import { planDrop, type PreparedImport, prepareImport } from './prepare-import';

export interface Notice {
  kind: 'info' | 'error';
  text: string;
}

export interface WorkspaceIoDeps {
  client: EngineClient;
  workerReady: boolean;
  /** A run is under way: the workspace is not replaced under it. */
  busy: boolean;
  /** The run on the page, whose changes "Download patch" saves. */
  sessionId: string | null;
  /** Whether the session's files differ from how it began (false: there is no patch; absent: not known, offered). */
  changedFiles?: boolean;
  /** A dropped `*.phasegate.json`: stores and opens it; resolves with an error message, or null. */
  onSessionFile: (text: string) => Promise<string | null>;
  /** Told when an import starts and ends (`importing`), so the page holds Run meanwhile. */
  onImportingChange?: (importing: boolean) => void;
  /** Before the files replace the workspace: the sandbox for them (Python files take the virtual sandbox on 'auto'). */
  prepareSandbox?: (paths: readonly string[]) => Promise<unknown>;
}

export interface WorkspaceIo {
  notice: Notice | null;
  /** An import or a download is being prepared. */
  working: boolean;
  /** Files are being read or written into the workspace: from the first read until the worker has replaced it. */
  importing: boolean;
  canImport: boolean;
  canPatch: boolean;
  /** The fallback `<input type="file" webkitdirectory>`, used where showDirectoryPicker is missing. */
  folderInput: (input: HTMLInputElement | null) => void;
  openFolder(): void;
  onFolderInput(event: ChangeEvent<HTMLInputElement>): void;
  /** The hidden `<input type="file" accept=".zip">` behind "Open zip file". */
  zipInput: (input: HTMLInputElement | null) => void;
  openZip(): void;
  onZipInput(event: ChangeEvent<HTMLInputElement>): void;
  downloadWorkspace(): void;
  downloadPatch(): void;
}

type Picker = (options?: { mode?: 'read' }) => Promise<DirectoryHandleLike>;

const RUNNING = 'A run is in progress; stop it before loading other files.';

/** Open folder, Open zip file, drops on the page, and the two downloads, with the line that reports how they went. */
export function useWorkspaceIo({
  client,
  workerReady,
  busy,
  sessionId,
  changedFiles = true,
  onSessionFile,
  onImportingChange,
  prepareSandbox,
}: WorkspaceIoDeps): WorkspaceIo {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [working, setWorking] = useState(false);
  const [importing, setImporting] = useState(false);
  const workingRef = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);
  const zipPicker = useRef<HTMLInputElement | null>(null);
  const live = useRef({ busy, workerReady, onSessionFile, onImportingChange, prepareSandbox });
  live.current = { busy, workerReady, onSessionFile, onImportingChange, prepareSandbox };

  /** One job at a time; its outcome becomes the notice. An import is `importing` for all of it. */
  const job = useCallback(async (start: string, work: () => Promise<Notice | null>, isImport = false) => {
    if (workingRef.current) return;
    workingRef.current = true;
    setWorking(true);
    const markImporting = (on: boolean) => {
      if (!isImport) return;
      setImporting(on);
      live.current.onImportingChange?.(on);
    };
    markImporting(true);
    setNotice({ kind: 'info', text: start });
    try {
      setNotice(await work());
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      workingRef.current = false;
      setWorking(false);
      markImporting(false);
    }
  }, []);

  const load = useCallback(
    (what: string, prepare: () => Promise<PreparedImport>) => {
      if (live.current.busy) {
        setNotice({ kind: 'error', text: RUNNING });
        return;
      }
      void job(
        `Reading ${what}…`,
        async () => {
          const prepared = await prepare();
          if (!prepared.ok) return { kind: 'error', text: prepared.error };
          try {
            // A new sandbox starts from the starter project: it is chosen first, then given the files.
            await live.current.prepareSandbox?.(Object.keys(prepared.files));
            await client.replaceWorkspace(prepared.files);
          } catch (error) {
            return { kind: 'error', text: `The files could not be loaded: ${messageOf(error)}` };
          }
          return { kind: 'info', text: prepared.summary };
        },
        true,
      );
    },
    [client, job],
  );

  const loadFolder = useCallback((root: FolderDir) => load('the folder', async () => prepareImport(await importFolder(root), 'folder')), [load]);
  const loadZip = useCallback(
    (file: Blob) => load('the zip', async () => prepareImport(unzipWorkspace(new Uint8Array(await file.arrayBuffer())), 'zip')),
    [load],
  );

  const openSession = useCallback(
    (file: File) => {
      if (live.current.busy) {
        setNotice({ kind: 'error', text: 'A run is in progress; stop it before opening a session file.' });
        return;
      }
      void job(`Opening ${file.name}…`, async () => {
        const error = sessionFileTooLarge(file.size) ?? (await live.current.onSessionFile(await file.text()));
        return error === null ? { kind: 'info', text: `Opened the session in ${file.name}.` } : { kind: 'error', text: error };
      });
    },
    [job],
  );

  const openFolder = useCallback(() => {
    const picker = (window as { showDirectoryPicker?: Picker }).showDirectoryPicker;
    if (!picker) {
      input.current?.click();
      return;
    }
    picker({ mode: 'read' }).then(
      (handle) => loadFolder(folderFromHandle(handle)),
      (error: unknown) => {
        // Closing the picker is not an error.
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          setNotice({ kind: 'error', text: `The folder could not be opened: ${messageOf(error)}` });
      },
    );
  }, [loadFolder]);

  const onFolderInput = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const files = [...(event.target.files ?? [])];
      event.target.value = '';
      if (files.length === 0) return;
      loadFolder(
        folderFromFiles(
          files.map((file) => ({ path: file.webkitRelativePath || file.name, file })),
          { dropFirstFolder: files[0]?.webkitRelativePath !== '' },
        ),
      );
    },
    [loadFolder],
  );

  const openZip = useCallback(() => zipPicker.current?.click(), []);

  const onZipInput = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const [file] = [...(event.target.files ?? [])];
      event.target.value = '';
      if (file) loadZip(file);
    },
    [loadZip],
  );

  const zipInput = useCallback((element: HTMLInputElement | null) => {
    zipPicker.current = element;
  }, []);

  // Drops anywhere on the page: a folder or a zip becomes the workspace, a session file opens.
  useEffect(() => {
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      // The items are readable only during the event: take what is needed now.
      const dropped = droppedItems(event.dataTransfer);
      const plan = planDrop(dropped);
      if (plan.kind === 'refused') setNotice({ kind: 'error', text: plan.message });
      else if (!live.current.workerReady) setNotice({ kind: 'error', text: 'The engine is still starting; drop the files again in a moment.' });
      else if (plan.kind === 'session' && plan.item.file) openSession(plan.item.file);
      else if (plan.kind === 'zip' && plan.item.file) loadZip(plan.item.file);
      else if (plan.kind === 'folder' && plan.item.entry) loadFolder(folderFromEntry(plan.item.entry));
      else setNotice({ kind: 'error', text: `${plan.item.name} could not be read.` });
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [loadFolder, loadZip, openSession]);

  const downloadWorkspace = useCallback(() => {
    void job('Zipping the workspace…', async () => {
      const files = await client.currentWorkspace();
      downloadFile('workspace.zip', zipWorkspace(workspaceFiles(files)), 'application/zip');
      const n = Object.keys(files).length;
      return { kind: 'info', text: `Downloaded workspace.zip (${n} file${n === 1 ? '' : 's'}).` };
    });
  }, [client, job]);

  const downloadPatch = useCallback(() => {
    if (sessionId === null) return;
    void job('Writing the patch…', async () => {
      const { before, after } = await client.sessionChanges(sessionId);
      const patch = workspacePatch(workspaceFiles(before), workspaceFiles(after));
      if (patch === '') return { kind: 'info', text: 'The run changed no files: there is no patch to download.' };
      downloadFile('changes.patch', patch, 'text/x-diff');
      return { kind: 'info', text: 'Downloaded changes.patch (apply it with git apply).' };
    });
  }, [client, job, sessionId]);

  const folderInput = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    // Not a React prop: set as the attribute the browser reads.
    element?.setAttribute('webkitdirectory', '');
  }, []);

  return {
    notice,
    working,
    importing,
    canImport: workerReady && !busy && !working,
    canPatch: workerReady && sessionId !== null && changedFiles && !working,
    folderInput,
    openFolder,
    onFolderInput,
    zipInput,
    openZip,
    onZipInput,
    downloadWorkspace,
    downloadPatch,
  };
}

interface Dropped {
  name: string;
  isDirectory: boolean;
  entry: DirectoryEntryLike | null;
  file: File | null;
}

/** The dropped files and folders. A DataTransfer built by a script has no entries: its files are used. */
function droppedItems(data: DataTransfer): Dropped[] {
  const items = [...data.items].filter((item) => item.kind === 'file');
  if (items.length === 0) return [...data.files].map((file) => ({ name: file.name, isDirectory: false, entry: null, file }));
  return items.map((item) => {
    const entry = item.webkitGetAsEntry?.() ?? null;
    const file = item.getAsFile();
    return {
      name: entry?.name ?? file?.name ?? '',
      isDirectory: entry?.isDirectory === true,
      entry: entry?.isDirectory ? (entry as unknown as DirectoryEntryLike) : null,
      file: entry?.isDirectory ? null : file,
    };
  });
}
