import type { EventOf, OutlineSymbol } from '../../protocol/events';

/** The Editor's slice of the page state: the files the agent read or wrote, their tabs and outlines. */

export interface FileView {
  path: string;
  /** What the editor shows: the latest content the agent read or wrote. */
  content: string;
  /** For edited files, the content before the first edit of this session (the diff's left side). */
  before: string | null;
  origin: 'read' | 'created' | 'edited' | 'deleted';
  truncated: boolean;
  /** Lines to reveal and highlight: the last read of a range or a symbol, or an outline item picked by the viewer. */
  reveal: RevealRange | null;
  /** Bumps on every change so views know to refresh. */
  version: number;
}

export interface RevealRange {
  startLine: number;
  endLine: number;
  /** Qualified name when the range is a symbol's. */
  symbol: string | null;
}

/** A file's symbols as the outline tool last listed them, in source order with their nesting depth. */
export interface OutlineView {
  path: string;
  symbols: readonly OutlineSymbol[];
}

export interface FilesState {
  files: Readonly<Record<string, FileView>>;
  /** Tab order: first time each file was seen. */
  fileOrder: readonly string[];
  activeFile: string | null;
  /** Outlines by path (the latest of each file); they outlive a run, like files. */
  outlines: Readonly<Record<string, OutlineView>>;
  /** Order in which files were first outlined. */
  outlineOrder: readonly string[];
  /**
   * The outline the Editor shows: the file last outlined, or the outlined file the agent or the
   * viewer turned to since (read, changed, tab picked, or picked in the outline's own file list).
   */
  outlineFocus: string | null;
}

export const initialFiles: FilesState = {
  files: {},
  fileOrder: [],
  activeFile: null,
  outlines: {},
  outlineOrder: [],
  outlineFocus: null,
};

function putFile<S extends FilesState>(state: S, file: FileView): S {
  const known = state.files[file.path] !== undefined;
  return {
    ...focusOutline(state, file.path),
    files: { ...state.files, [file.path]: file },
    fileOrder: known ? state.fileOrder : [...state.fileOrder, file.path],
    activeFile: file.path,
  };
}

export function readFile<S extends FilesState>(state: S, event: EventOf<'file_read'>): S {
  const existing = state.files[event.path];
  const reveal = event.startLine !== undefined ? { startLine: event.startLine, endLine: event.endLine ?? event.startLine, symbol: event.symbol ?? null } : null;
  // Reading a file the agent changed keeps its diff; the read shows the current text.
  const keepsOrigin = existing !== undefined && (existing.origin === 'created' || existing.origin === 'edited');
  return putFile(state, {
    path: event.path,
    content: event.content,
    before: keepsOrigin ? existing.before : null,
    origin: keepsOrigin ? existing.origin : 'read',
    truncated: event.truncated,
    reveal,
    version: (existing?.version ?? 0) + 1,
  });
}

export function changeFile<S extends FilesState>(state: S, event: EventOf<'file_changed'>): S {
  const existing = state.files[event.path];
  const version = (existing?.version ?? 0) + 1;
  // The user's own save: the open file shows the saved text and stays as it was shown (read, or the agent's diff).
  if (event.by === 'user' && existing && existing.origin !== 'deleted' && event.after !== null)
    return putFile(state, { ...existing, content: event.after, truncated: false, reveal: null, version });
  const base = { path: event.path, truncated: false, reveal: null, version };
  switch (event.change) {
    case 'created':
      return putFile(state, { ...base, origin: 'created', content: event.after ?? '', before: null });
    case 'edited': {
      // Keep the oldest "before" so repeated edits show the whole change (for a new file: as first written).
      const before = existing?.origin === 'edited' ? existing.before : event.before;
      return putFile(state, { ...base, origin: 'edited', content: event.after ?? '', before: before ?? '' });
    }
    case 'deleted':
      return putFile(state, {
        ...base,
        origin: 'deleted',
        content: event.before ?? existing?.content ?? '',
        before: null,
      });
  }
}

export function putOutline<S extends FilesState>(state: S, event: EventOf<'file_outline'>): S {
  const known = state.outlines[event.path] !== undefined;
  return {
    ...state,
    outlines: { ...state.outlines, [event.path]: { path: event.path, symbols: event.symbols } },
    outlineOrder: known ? state.outlineOrder : [...state.outlineOrder, event.path],
    outlineFocus: event.path,
  };
}

/** Turning to a file moves the outline to it when it has one; otherwise the outline stays. */
function focusOutline<S extends FilesState>(state: S, path: string): S {
  if (state.outlines[path] === undefined || state.outlineFocus === path) return state;
  return { ...state, outlineFocus: path };
}

/** The outline the Editor shows, or null before any file was outlined. */
export function shownOutline(state: FilesState): OutlineView | null {
  return state.outlineFocus === null ? null : (state.outlines[state.outlineFocus] ?? null);
}

/** The viewer picked an outlined file in the outline's file list. */
export function showOutline<S extends FilesState>(state: S, path: string): S {
  return focusOutline(state, path);
}

/**
 * The viewer picked lines (an outline item): an open file shows and highlights them.
 * A file that is not open stays closed (the outline carries no content), so nothing changes.
 */
export function revealLines<S extends FilesState>(state: S, path: string, range: RevealRange): S {
  const file = state.files[path];
  if (!file || file.origin === 'deleted') return state;
  return {
    ...focusOutline(state, path),
    files: { ...state.files, [path]: { ...file, reveal: range, version: file.version + 1 } },
    activeFile: path,
  };
}

/** The files the editor shows, in tab order. */
export function openFiles(state: FilesState): FileView[] {
  return state.fileOrder.flatMap((path) => {
    const file = state.files[path];
    return file ? [file] : [];
  });
}

/** The viewer picked a tab; the next file event moves the focus again. */
export function selectFile<S extends FilesState>(state: S, path: string): S {
  if (state.files[path] === undefined || state.activeFile === path) return state;
  return { ...focusOutline(state, path), activeFile: path };
}

/**
 * The viewer opened a workspace file from the file explorer: it opens as read (the worker's text).
 * When the page already shows it, it is selected, and takes the worker's text if that differs (a
 * command the agent ran changed it without a file event), keeping the diff of a file the run wrote.
 */
export function openWorkspaceFile<S extends FilesState>(state: S, path: string, content: string, truncated: boolean): S {
  const existing = state.files[path];
  if (existing !== undefined && (existing.content === content || existing.origin === 'deleted')) return selectFile(state, path);
  const keepsOrigin = existing !== undefined && (existing.origin === 'created' || existing.origin === 'edited');
  return putFile(state, {
    path,
    content,
    before: keepsOrigin ? existing.before : null,
    origin: keepsOrigin ? existing.origin : 'read',
    truncated,
    reveal: null,
    version: (existing?.version ?? 0) + 1,
  });
}
