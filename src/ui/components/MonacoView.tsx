import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import { languageForPath } from '../editor/language';
import { loadMonaco, type Monaco } from '../editor/monaco-loader';
import { DARK_THEME, LIGHT_THEME } from '../editor/monaco-themes';
import { PRESENTER_FONT_SIZE, usePresenterMode } from '../presenter/presenter-mode';
import type { FileView } from '../state/reducer';
import { usePrefersDark } from './use-prefers-dark';

type Editors = { kind: 'plain'; editor: MonacoApi.editor.IStandaloneCodeEditor } | { kind: 'diff'; editor: MonacoApi.editor.IStandaloneDiffEditor };

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

/** One text model per file (and one per "before" side), kept for the page's life. */
function modelFor(monaco: Monaco, models: Map<string, MonacoApi.editor.ITextModel>, side: 'after' | 'before', file: FileView, text: string) {
  const key = `${side}:${file.path}`;
  const existing = models.get(key);
  if (existing) {
    if (existing.getValue() !== text) existing.setValue(text);
    return existing;
  }
  const uri = monaco.Uri.from({ scheme: side === 'after' ? 'workspace' : 'workspace-before', path: `/${file.path.replace(/^\/+/, '')}` });
  const model = monaco.editor.createModel(text, languageForPath(file.path), uri);
  models.set(key, model);
  return model;
}

/** Monaco, loaded on first use; the file's text shows as plain text until it is ready. */
export function MonacoView({ file }: { file: FileView }) {
  const host = useRef<HTMLDivElement>(null);
  const [monaco, setMonaco] = useState<Monaco | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editors = useRef<Editors | null>(null);
  const slice = useRef<SliceMark | null>(null);
  const models = useRef(new Map<string, MonacoApi.editor.ITextModel>());
  const dark = usePrefersDark();
  const fontSize = usePresenterMode() ? PRESENTER_FONT_SIZE : SHARED_OPTIONS.fontSize;
  const fontSizeRef = useRef(fontSize);
  fontSizeRef.current = fontSize;

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

  useEffect(() => {
    const element = host.current;
    if (!monaco || !element) return;
    const wantDiff = file.origin === 'edited';
    const current = editors.current;
    if (current && (current.kind === 'diff') !== wantDiff) {
      current.editor.dispose();
      editors.current = null;
    }
    const after = modelFor(monaco, models.current, 'after', file, file.content);
    if (wantDiff) {
      const original = modelFor(monaco, models.current, 'before', file, file.before ?? '');
      if (editors.current?.kind !== 'diff') {
        editors.current = {
          kind: 'diff',
          editor: monaco.editor.createDiffEditor(element, {
            ...SHARED_OPTIONS,
            fontSize: fontSizeRef.current,
            originalEditable: false,
            ariaLabel: `${file.path}, before and after`,
          }),
        };
      }
      editors.current.editor.setModel({ original, modified: after });
      // Each side's text box needs a name of its own (axe: aria-input-field-name).
      editors.current.editor.getOriginalEditor().updateOptions({ ariaLabel: `${file.path}, before, read-only` });
      editors.current.editor.getModifiedEditor().updateOptions({ ariaLabel: `${file.path}, after, read-only` });
      // A file the agent edited and then read again: the slice shows on the "after" side.
      slice.current = showSlice(editors.current.editor.getModifiedEditor(), after, file.reveal, slice.current);
      return;
    }
    if (editors.current?.kind !== 'plain') {
      editors.current = { kind: 'plain', editor: monaco.editor.create(element, { ...SHARED_OPTIONS, fontSize: fontSizeRef.current, model: null }) };
    }
    const editor = editors.current.editor;
    editor.setModel(after);
    editor.updateOptions({ ariaLabel: `${file.path}, read-only` });
    slice.current = showSlice(editor, after, file.reveal, slice.current);
  }, [monaco, file]);

  useEffect(() => {
    editors.current?.editor.updateOptions({ fontSize });
  }, [fontSize]);

  useEffect(
    () => () => {
      editors.current?.editor.dispose();
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
          {file.content}
        </pre>
      )}
    </div>
  );
}
