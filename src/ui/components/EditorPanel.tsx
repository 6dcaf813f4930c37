import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type Drafts, editDraft, isUnsaved, savedDraft, settleDrafts } from '../editor/drafts';
import { type FileView, openFiles, type RevealRange, shownOutline, type UiState } from '../state/reducer';
import { type MonacoEditing, MonacoView } from './MonacoView';
import { OutlinePane } from './OutlinePane';
import { usePaneLayout } from './pane-layout';

import '../styles/editor.css';

export interface EditorPanelProps {
  state: UiState;
  onSelect: (path: string) => void;
  /** Show and highlight lines of an open file (an outline item). */
  onReveal: (path: string, range: RevealRange) => void;
  onShowOutline: (path: string) => void;
  /** Shown just above the editor (the workspace's Open folder and downloads). */
  toolbar?: ReactNode;
  /** The file explorer, beside the editor behind a "Files" button (a pane of its own on a narrow screen). */
  explorer?: ReactNode;
  /** The sandbox's server, behind a "Preview" button in place of the editor (a pane of its own on a narrow screen); absent when none served. */
  preview?: ReactNode;
  /** The user's edits between runs (absent: files are only shown). */
  editing?: EditorEditing;
}

/** Editing files in the Editor: whether it may be done now, and how a file is saved. */
export interface EditorEditing {
  /** null: the shown file can be edited; else why not (a run is under way, a replay…), shown and said by Monaco. */
  readOnlyReason: string | null;
  /** Writes the file through the worker; resolves with the problem, or null once saved. */
  save: (path: string, content: string, base: string) => Promise<string | null>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Why a file the page shows cannot be edited, whatever the page allows. */
function fileReadOnlyReason(file: FileView): string | null {
  if (file.origin === 'deleted') return 'This file was deleted.';
  if (file.truncated) return 'This file is shown shortened, so it cannot be edited here.';
  return null;
}

const ORIGIN_LABEL: Record<FileView['origin'], string> = {
  read: 'read',
  created: 'created',
  edited: 'edited — before | after',
  deleted: 'deleted',
};

const tabId = (index: number) => `file-tab-${index}`;

export function EditorPanel({ state, onSelect, onReveal, onShowOutline, toolbar, explorer, preview, editing }: EditorPanelProps) {
  const [filesOpen, setFilesOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const { files: fileViews } = state;
  // A saved draft goes once the page shows the saved text; every draft goes with its file (a new session).
  useEffect(() => setDrafts((now) => settleDrafts(now, fileViews)), [fileViews]);
  const { tabbed } = usePaneLayout();
  const withFiles = explorer !== undefined && !tabbed;
  const withPreview = preview !== undefined && !tabbed;
  const previewShown = withPreview && previewOpen;
  const files = openFiles(state);
  const activeIndex = files.findIndex((file) => file.path === state.activeFile);
  const active = files[activeIndex];
  const outline = shownOutline(state);
  const outlinedFile = outline ? state.files[outline.path] : undefined;
  const draft = active ? drafts[active.path] : undefined;
  const unsaved = isUnsaved(draft);
  const readOnlyReason = active && editing ? (editing.readOnlyReason ?? fileReadOnlyReason(active)) : null;
  const canSave = active !== undefined && editing !== undefined && readOnlyReason === null && unsaved && !saving;

  const save = async () => {
    if (!canSave || !active || !draft || !editing) return;
    const { path } = active;
    setSaving(true);
    const problem = await editing.save(path, draft.text, draft.base);
    setSaving(false);
    setSaveProblem(problem);
    if (problem === null) setDrafts((now) => savedDraft(now, path, draft.text));
  };
  const activePath = active?.path;
  // A problem is about the file it was saved from.
  useEffect(() => setSaveProblem(null), [activePath]);
  const saveRef = useRef(save);
  saveRef.current = save;

  const monacoEditing: MonacoEditing | null =
    active && editing
      ? {
          readOnlyReason,
          text: draft?.text ?? active.content,
          onChange: (path, text) => {
            const shown = state.files[path]?.content ?? '';
            setDrafts((now) => editDraft(now, path, text, shown));
          },
          onSave: () => void saveRef.current(),
        }
      : null;

  // Ctrl/Cmd+S anywhere in the Editor saves (Monaco binds it inside the editor itself).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!editing || event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    void save();
  };

  return (
    <section className="panel editor" aria-labelledby="editor-heading" onKeyDown={onKeyDown}>
      <div className="panel-head">
        <h2 id="editor-heading" className="panel-title">
          Editor
        </h2>
        {files.length > 0 && <FileTabs files={files} activeIndex={activeIndex} onSelect={onSelect} drafts={drafts} />}
        {withFiles && <PaneToggle label="Files" controls="editor-files" open={filesOpen} onToggle={() => setFilesOpen((on) => !on)} />}
        {withPreview && <PaneToggle label="Preview" controls="editor-preview" open={previewOpen} onToggle={() => setPreviewOpen((on) => !on)} />}
      </div>
      {toolbar}
      <div className={`editor-main${outline ? ' editor-main--outline' : ''}${withFiles && filesOpen ? ' editor-main--files' : ''}`}>
        {withFiles && filesOpen && (
          <div id="editor-files" className="editor-files">
            {explorer}
          </div>
        )}
        {previewShown ? (
          <div id="editor-preview" className="editor-body">
            {preview}
          </div>
        ) : active ? (
          <div role="tabpanel" aria-labelledby={tabId(activeIndex)} className="editor-body">
            <div className="editor-head">
              <p className="editor-path">
                <code>{active.path}</code>
                <span className={`badge badge--${active.origin}`}>{ORIGIN_LABEL[active.origin]}</span>
                {active.truncated && <span className="badge badge--warn">shortened</span>}
                {active.reveal && <span className="editor-slice">{sliceLabel(active.reveal)}</span>}
                {unsaved && <span className="badge badge--unsaved">unsaved</span>}
                {editing && readOnlyReason === null && (
                  <button
                    type="button"
                    className="button button--small editor-save"
                    disabled={!canSave}
                    aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'}
                    title={`${isMac ? '⌘' : 'Ctrl'}+S`}
                    onClick={() => void save()}
                  >
                    {saving ? 'Saving…' : 'Save'}
                  </button>
                )}
              </p>
              {editing && readOnlyReason !== null && (
                <p className="editor-note" role="note">
                  Read-only: {readOnlyReason}
                </p>
              )}
              {saveProblem !== null && (
                <p className="editor-problem" role="alert">
                  Not saved: {saveProblem}
                </p>
              )}
            </div>
            <MonacoView file={active} editing={monacoEditing} />
          </div>
        ) : (
          <p className="empty">Files the agent reads or writes open here.</p>
        )}
        {outline && (
          <OutlinePane
            outline={outline}
            paths={state.outlineOrder}
            fileOpen={outlinedFile !== undefined && outlinedFile.origin !== 'deleted'}
            onPick={onReveal}
            onShowPath={onShowOutline}
          />
        )}
      </div>
    </section>
  );
}

function sliceLabel(reveal: RevealRange): string {
  const lines = reveal.startLine === reveal.endLine ? `line ${reveal.startLine}` : `lines ${reveal.startLine}–${reveal.endLine}`;
  return reveal.symbol ? `${reveal.symbol} · ${lines}` : lines;
}

function FileTabs({ files, activeIndex, onSelect, drafts }: { files: FileView[]; activeIndex: number; onSelect: (path: string) => void; drafts: Drafts }) {
  const list = useRef<HTMLDivElement>(null);

  // Arrow keys move between tabs (and show them), as in any tab list.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = files.length - 1;
    const target = { ArrowRight: activeIndex + 1, ArrowLeft: activeIndex - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = target > last ? 0 : target < 0 ? last : target;
    const file = files[index];
    if (!file) return;
    onSelect(file.path);
    list.current?.querySelector<HTMLElement>(`#${tabId(index)}`)?.focus();
  };

  return (
    <div role="tablist" aria-label="Open files" className="file-tabs" ref={list} onKeyDown={onKeyDown}>
      {files.map((file, index) => (
        <button
          key={file.path}
          id={tabId(index)}
          type="button"
          role="tab"
          aria-selected={index === activeIndex}
          tabIndex={index === activeIndex ? 0 : -1}
          className="file-tab"
          title={file.path}
          onClick={() => onSelect(file.path)}
        >
          {file.path.split('/').pop()}
          {file.origin !== 'read' && <span className={`dot dot--${file.origin}`} aria-label={file.origin} />}
          {isUnsaved(drafts[file.path]) && (
            <>
              <span className="unsaved-mark" aria-hidden="true">
                ●
              </span>
              <span className="visually-hidden">, unsaved</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}

/** A button beside the Editor's tabs that shows a pane (the file explorer, the preview) in the Editor's place or beside it. */
function PaneToggle({ label, controls, open, onToggle }: { label: string; controls: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="button files-toggle" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {label}
    </button>
  );
}
