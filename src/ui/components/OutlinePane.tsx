import { type KeyboardEvent, useRef } from 'react';
import type { OutlineSymbol } from '../../protocol/events';
import type { OutlineView, RevealRange } from '../state/reducer';

export interface OutlinePaneProps {
  outline: OutlineView;
  /** Other outlined files the viewer can switch to (paths, in the order they were outlined). */
  paths: readonly string[];
  /** False when the file is not open in the editor: items then only show where symbols are. */
  fileOpen: boolean;
  onPick: (path: string, range: RevealRange) => void;
  onShowPath: (path: string) => void;
}

const lineSpan = (s: OutlineSymbol) => (s.startLine === s.endLine ? `line ${s.startLine}` : `lines ${s.startLine}–${s.endLine}`);

/**
 * The symbols the outline tool listed, indented by depth. Each item is a button (Tab reaches the
 * list, arrow keys move inside it) that reveals and highlights the symbol's lines in the editor.
 */
export function OutlinePane({ outline, paths, fileOpen, onPick, onShowPath }: OutlinePaneProps) {
  const list = useRef<HTMLUListElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.findIndex((button) => button === document.activeElement);
    if (step === undefined || at < 0) return;
    event.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };

  return (
    <nav className="outline" aria-labelledby="outline-heading">
      <h3 id="outline-heading" className="outline-title">
        Outline
      </h3>
      {paths.length > 1 ? (
        <select aria-label="Outlined file" className="outline-file" value={outline.path} onChange={(event) => onShowPath(event.target.value)}>
          {paths.map((path) => (
            <option key={path} value={path}>
              {path}
            </option>
          ))}
        </select>
      ) : (
        <p className="outline-file">
          <code>{outline.path}</code>
        </p>
      )}
      {!fileOpen && outline.symbols.length > 0 && <p className="outline-note">This file is not open in the editor; the lines show where each symbol is.</p>}
      {outline.symbols.length === 0 ? (
        <p className="outline-note">No symbols in this file.</p>
      ) : (
        <ul className="outline-list" ref={list} onKeyDown={onKeyDown}>
          {outline.symbols.map((symbol, index) => (
            <li key={`${symbol.qualifiedName}:${symbol.startLine}:${index}`} style={{ paddingLeft: `${symbol.depth * 12}px` }}>
              <button
                type="button"
                className="outline-item"
                aria-disabled={!fileOpen}
                title={`${symbol.qualifiedName} (${lineSpan(symbol)})`}
                onClick={() => {
                  if (fileOpen) onPick(outline.path, { startLine: symbol.startLine, endLine: symbol.endLine, symbol: symbol.qualifiedName });
                }}
              >
                <span className={`outline-kind outline-kind--${symbol.kind}`}>{symbol.kind}</span>
                <span className="outline-name">{symbol.name}</span>
                <span className="outline-lines">{lineSpan(symbol)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
