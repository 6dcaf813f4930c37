import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { type FileView, openFiles, type RevealRange, shownOutline, type UiState } from '../state/reducer';
import { MonacoView } from './MonacoView';
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
}

const ORIGIN_LABEL: Record<FileView['origin'], string> = {
  read: 'read',
  created: 'created',
  edited: 'edited — before | after',
  deleted: 'deleted',
};

const tabId = (index: number) => `file-tab-${index}`;

export function EditorPanel({ state, onSelect, onReveal, onShowOutline, toolbar, explorer, preview }: EditorPanelProps) {
  const [filesOpen, setFilesOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const { tabbed } = usePaneLayout();
  const withFiles = explorer !== undefined && !tabbed;
  const withPreview = preview !== undefined && !tabbed;
  const previewShown = withPreview && previewOpen;
  const files = openFiles(state);
  const activeIndex = files.findIndex((file) => file.path === state.activeFile);
  const active = files[activeIndex];
  const outline = shownOutline(state);
  const outlinedFile = outline ? state.files[outline.path] : undefined;

  return (
    <section className="panel editor" aria-labelledby="editor-heading">
      <div className="panel-head">
        <h2 id="editor-heading" className="panel-title">
          Editor
        </h2>
        {files.length > 0 && <FileTabs files={files} activeIndex={activeIndex} onSelect={onSelect} />}
        {withFiles && (
          <button
            type="button"
            className="button files-toggle"
            aria-expanded={filesOpen}
            aria-controls="editor-files"
            onClick={() => setFilesOpen((on) => !on)}
          >
            Files
          </button>
        )}
        {withPreview && (
          <button
            type="button"
            className="button files-toggle"
            aria-expanded={previewOpen}
            aria-controls="editor-preview"
            onClick={() => setPreviewOpen((on) => !on)}
          >
            Preview
          </button>
        )}
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
            <p className="editor-path">
              <code>{active.path}</code>
              <span className={`badge badge--${active.origin}`}>{ORIGIN_LABEL[active.origin]}</span>
              {active.truncated && <span className="badge badge--warn">shortened</span>}
              {active.reveal && <span className="editor-slice">{sliceLabel(active.reveal)}</span>}
            </p>
            <MonacoView file={active} />
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

function FileTabs({ files, activeIndex, onSelect }: { files: FileView[]; activeIndex: number; onSelect: (path: string) => void }) {
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
        </button>
      ))}
    </div>
  );
}
