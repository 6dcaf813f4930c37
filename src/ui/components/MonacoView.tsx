import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import { languageForPath } from '../editor/language';
import { loadMonaco, type Monaco } from '../editor/monaco-loader';
import { DARK_THEME, LIGHT_THEME } from '../editor/monaco-themes';
import { PRESENTER_FONT_SIZE, usePresenterMode } from '../presenter/presenter-mode';
import type { FileView } from '../state/reducer';
import { whenIdle } from '../when-idle';
import { usePrefersDark } from './use-prefers-dark';

interface Pane<E> {
  element: HTMLDivElement;
  editor: E;
}

/**
 * The plain editor and the diff editor, each made once and kept: a replay that moves between an
 * edited file and a read one only shows the other pane. Making a diff editor costs ~45 ms, so both
 * are made when the page is first idle after Monaco loads, not in the middle of a seek.
 */
interface Editors {
  plain?: Pane<MonacoApi.editor.IStandaloneCodeEditor>;
  diff?: Pane<MonacoApi.editor.IStandaloneDiffEditor>;
}

function createPane<E>(host: HTMLElement, create: (element: HTMLDivElement) => E): Pane<E> {
  const element = document.createElement('div');
  element.className = 'monaco-pane';
  element.hidden = true;
  host.append(element);
  return { element, editor: create(element) };
}

/**
 * Shows `shown` and hides `hidden`. The panes keep their places in the host: moving one would make
 * the browser style and lay out the whole editor again.
 */
function showPane(shown: Pane<unknown>, hidden: Pane<unknown> | undefined): void {
  if (hidden) hidden.element.hidden = true;
  shown.element.hidden = false;
}

/** What presenter mode changes in the editor: its type size, and long lines wrapped (a room cannot scroll sideways). */
interface ViewOptions {
  fontSize: number;
  wordWrap: 'on' | 'off';
}

function plainPane(monaco: Monaco, host: HTMLElement, view: ViewOptions): Pane<MonacoApi.editor.IStandaloneCodeEditor> {
  return createPane(host, (pane) => monaco.editor.create(pane, { ...SHARED_OPTIONS, ...view, model: null }));
}

function diffPane(monaco: Monaco, host: HTMLElement, view: ViewOptions): Pane<MonacoApi.editor.IStandaloneDiffEditor> {
  return createPane(host, (pane) => monaco.editor.createDiffEditor(pane, { ...SHARED_OPTIONS, ...READ_ONLY_DIFF_OPTIONS, ...view }));
}

const SHARED_OPTIONS = {
  readOnly: true,
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  renderLineHighlight: 'none',
  // Read-only: Tab and Shift+Tab move focus on rather than staying in the editor.
  tabFocusMode: true,
} satisfies MonacoApi.editor.IEditorOptions;

/**
 * Nothing in a read-only diff can be reverted, so the revert arrows and their gutter are left out;
 * laying out that gutter took a fifth of a replay seek's editor time.
 */
const READ_ONLY_DIFF_OPTIONS = {
  originalEditable: false,
  renderGutterMenu: false,
  renderMarginRevertIcon: false,
} satisfies MonacoApi.editor.IDiffEditorConstructionOptions;

/** Class of the whole-line decoration over the last slice read (see editor.css). */
const SLICE_CLASS = 'pg-slice';

/** Where the current slice highlight lives, so the next one can remove it (models outlive editors). */
interface SliceMark {
  model: MonacoApi.editor.ITextModel;
  ids: string[];
}

/**
 * Scrolls the slice into the middle of the editor and highlights its lines; with no slice, only
 * removes the previous highlight. Lines past the end (the file changed since) are clamped.
 */
function showSlice(
  editor: MonacoApi.editor.ICodeEditor,
  model: MonacoApi.editor.ITextModel,
  reveal: FileView['reveal'],
  previous: SliceMark | null,
): SliceMark | null {
  if (previous && !previous.model.isDisposed()) previous.model.deltaDecorations(previous.ids, []);
  if (!reveal) return null;
  const lastLine = model.getLineCount();
  const start = Math.min(reveal.startLine, lastLine);
  const end = Math.min(Math.max(reveal.endLine, start), lastLine);
  const ids = model.deltaDecorations(
    [],
    [
      {
        range: { startLineNumber: start, startColumn: 1, endLineNumber: end, endColumn: model.getLineMaxColumn(end) },
        options: { isWholeLine: true, className: SLICE_CLASS, linesDecorationsClassName: `${SLICE_CLASS}-margin` },
      },
    ],
  );
  editor.setPosition({ lineNumber: start, column: 1 });
  editor.revealLinesInCenter(start, end);
  return { model, ids };
}

/**
 * Set while the page itself puts text into a model: those changes are not the user's typing.
 * Model events fire synchronously inside setValue, so a flag around it is enough.
 */
let settingText = false;

/** One text model per file (and one per "before" side), kept for the page's life. */
function modelFor(monaco: Monaco, models: Map<string, MonacoApi.editor.ITextModel>, side: 'after' | 'before', file: FileView, text: string, typed = false) {
  const key = `${side}:${file.path}`;
  const existing = models.get(key);
  if (existing) {
    // While the user has unsaved text, the model holds it: a render that lags the typing must not put older text back.
    if (!typed && existing.getValue() !== text) {
      settingText = true;
      try {
        existing.setValue(text);
      } finally {
        settingText = false;
      }
    }
    return existing;
  }
  const uri = monaco.Uri.from({ scheme: side === 'after' ? 'workspace' : 'workspace-before', path: `/${file.path.replace(/^\/+/, '')}` });
  const model = monaco.editor.createModel(text, languageForPath(file.path), uri);
  models.set(key, model);
  return model;
}

/** The user may edit the file shown (between runs): its text is `text`, each change reported, Ctrl/Cmd+S saves. */
export interface MonacoEditing {
  /** null: editable; else why it is read-only (Monaco says it when the user types). */
  readOnlyReason: string | null;
  /** What the editor shows: the user's unsaved text, else the file's. */
  text: string;
  onChange: (path: string, text: string) => void;
  onSave: () => void;
}

/** Monaco, loaded on first use; the file's text shows as plain text until it is ready. */
export function MonacoView({ file, editing = null }: { file: FileView; editing?: MonacoEditing | null }) {
  const host = useRef<HTMLDivElement>(null);
  const [monaco, setMonaco] = useState<Monaco | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editors = useRef<Editors>({});
  const slice = useRef<SliceMark | null>(null);
  const models = useRef(new Map<string, MonacoApi.editor.ITextModel>());
  const dark = usePrefersDark();
  const presenter = usePresenterMode();
  const fontSize = presenter ? PRESENTER_FONT_SIZE : SHARED_OPTIONS.fontSize;
  const wordWrap = presenter ? 'on' : 'off';
  const viewRef = useRef<ViewOptions>({ fontSize, wordWrap });
  viewRef.current = { fontSize, wordWrap };
  // The latest handlers, for the listeners and key bindings made once with each editor.
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const pathRef = useRef(file.path);
  pathRef.current = file.path;
  const readOnlyReason = editing === null ? READ_ONLY_REPLAY : editing.readOnlyReason;
  const shownText = editing?.text ?? file.content;
  const typed = editing !== null && shownText !== file.content;

  useEffect(() => {
    let live = true;
    loadMonaco().then(
      (loaded) => live && setMonaco(loaded),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    monaco?.editor.setTheme(dark ? DARK_THEME : LIGHT_THEME);
  }, [monaco, dark]);

  // The pane not made yet is made when the page is idle (see Editors).
  useEffect(() => {
    const element = host.current;
    if (!monaco || !element) return;
    return whenIdle(
      () => {
        editors.current.plain ??= withEditing(monaco, plainPane(monaco, element, viewRef.current), (pane) => pane.editor, editingRef, pathRef);
        editors.current.diff ??= withEditing(
          monaco,
          diffPane(monaco, element, viewRef.current),
          (pane) => pane.editor.getModifiedEditor(),
          editingRef,
          pathRef,
        );
      },
      { timeoutMs: 3000 },
    );
  }, [monaco]);

  useEffect(() => {
    const element = host.current;
    if (!monaco || !element) return;
    const after = modelFor(monaco, models.current, 'after', file, shownText, typed);
    const readOnly = readOnlyReason !== null;
    const readOnlyOptions = { readOnly, readOnlyMessage: { value: readOnlyReason ?? '' } };
    if (file.origin === 'edited') {
      const original = modelFor(monaco, models.current, 'before', file, file.before ?? '');
      const diff = (editors.current.diff ??= withEditing(
        monaco,
        diffPane(monaco, element, viewRef.current),
        (pane) => pane.editor.getModifiedEditor(),
        editingRef,
        pathRef,
      ));
      showPane(diff, editors.current.plain);
      // A hidden editor keeps no model, so it does no work while another file's text changes.
      editors.current.plain?.editor.setModel(null);
      const shown = diff.editor.getModel();
      // Setting the same pair again would make Monaco compute and lay out the diff anew.
      if (shown?.original !== original || shown.modified !== after) diff.editor.setModel({ original, modified: after });
      diff.editor.updateOptions({ ...readOnlyOptions, ariaLabel: `${file.path}, before and after` });
      // Each side's text box needs a name of its own (axe: aria-input-field-name).
      diff.editor.getOriginalEditor().updateOptions({ ariaLabel: `${file.path}, before, read-only` });
      diff.editor.getModifiedEditor().updateOptions({ ...readOnlyOptions, ariaLabel: `${file.path}, after${readOnly ? ', read-only' : ''}` });
      // A file the agent edited and then read again: the slice shows on the "after" side.
      slice.current = showSlice(diff.editor.getModifiedEditor(), after, file.reveal, slice.current);
      return;
    }
    const plain = (editors.current.plain ??= withEditing(monaco, plainPane(monaco, element, viewRef.current), (pane) => pane.editor, editingRef, pathRef));
    showPane(plain, editors.current.diff);
    editors.current.diff?.editor.setModel(null);
    if (plain.editor.getModel() !== after) plain.editor.setModel(after);
    plain.editor.updateOptions({ ...readOnlyOptions, ariaLabel: readOnly ? `${file.path}, read-only` : file.path });
    slice.current = showSlice(plain.editor, after, file.reveal, slice.current);
  }, [monaco, file, shownText, typed, readOnlyReason]);

  useEffect(() => {
    editors.current.plain?.editor.updateOptions({ fontSize, wordWrap });
    editors.current.diff?.editor.updateOptions({ fontSize, wordWrap });
  }, [fontSize, wordWrap]);

  useEffect(
    () => () => {
      editors.current.plain?.editor.dispose();
      editors.current.diff?.editor.dispose();
      for (const model of models.current.values()) model.dispose();
    },
    [],
  );

  return (
    <div className="monaco-wrap">
      <div ref={host} className="monaco-host" data-loaded={monaco ? 'true' : 'false'} />
      {!monaco && (
        <pre className="editor-fallback" aria-busy={failure === null}>
          {failure ? `The editor could not load (${failure}); showing plain text.\n\n` : ''}
          {shownText}
        </pre>
      )}
    </div>
  );
}

/** Why a file is read-only where the page offers no editing (a replay, a file the page only shows). */
const READ_ONLY_REPLAY = 'This file is shown as the session had it; it cannot be edited here.';

/**
 * Reports the user's typing in the pane's editable side (not the page's own setValue) and binds
 * Ctrl/Cmd+S to save, both through refs that always hold the latest handlers.
 */
function withEditing<P extends Pane<unknown>>(
  monaco: Monaco,
  pane: P,
  editable: (pane: P) => MonacoApi.editor.ICodeEditor,
  editing: { readonly current: MonacoEditing | null },
  path: { readonly current: string },
): P {
  const editor = editable(pane);
  editor.onDidChangeModelContent(() => {
    if (settingText || editor.getOption(monaco.editor.EditorOption.readOnly)) return;
    const model = editor.getModel();
    if (model) editing.current?.onChange(path.current, model.getValue());
  });
  editor.onKeyDown((event) => {
    if (event.keyCode !== monaco.KeyCode.KeyS || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    // The browser's "Save page" never: in the Editor, Ctrl/Cmd+S saves the file.
    event.preventDefault();
    event.stopPropagation();
    editing.current?.onSave();
  });
  return pane;
}
