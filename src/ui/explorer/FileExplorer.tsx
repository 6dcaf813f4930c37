import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import type { WorkspaceListing } from '../../worker/api';
import { usePaneLayout } from '../components/pane-layout';
import type { ExplorerSource } from './explorer-source';
import { type Badge, buildTree, keyMove, type TreeRow, visibleRows, windowOf } from './tree-model';

import '../styles/explorer.css';

/** Every row's height in px (explorer.css sets the same): the list is virtualised on it. */
const ROW_HEIGHT = 26;
/** A listing asked for again soon after the last waits this long, so a run's burst of edits lists once. */
const RELIST_DELAY_MS = 300;

export interface FileExplorerProps {
  source: ExplorerSource;
}

/**
 * The workspace's files as a tree (the WAI-ARIA tree pattern): folders open on demand, the run's
 * changes badged, a filter, and only the rows in view in the DOM. Loaded on first use.
 */
export default function FileExplorer({ source }: FileExplorerProps) {
  const { point, refreshKey, listPaths, changes, userEdits, activePath, open } = source;
  const { tabbed, show } = usePaneLayout();
  const headingId = useId();
  const [listing, setListing] = useState<WorkspaceListing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const tree = useRef<HTMLDivElement>(null);
  const listed = useRef(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => {
        listPaths(point).then(
          (next) => {
            if (!current) return;
            listed.current = true;
            setListing(next);
            setProblem(null);
          },
          (error: unknown) => current && setProblem(`The files could not be listed: ${messageOf(error)}`),
        );
      },
      listed.current ? RELIST_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [listPaths, point, refreshKey]);

  useLayoutEffect(() => {
    const element = tree.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight || 400);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [listing]);

  const root = useMemo(() => buildTree(listing?.paths ?? [], changes), [listing, changes]);
  const rows = useMemo(() => visibleRows(root, expanded, filter), [root, expanded, filter]);
  const focusIndex = focused === null ? -1 : rows.findIndex((row) => row.node.path === focused);
  const [first, end] = windowOf(rows.length, ROW_HEIGHT, scrollTop, viewport);
  // The focused row stays in the DOM even when scrolled away: aria-activedescendant points at it.
  const shown = focusIndex >= 0 && (focusIndex < first || focusIndex >= end) ? [focusIndex] : [];
  for (let index = first; index < end; index++) shown.push(index);

  const scrollTo = (index: number) => {
    const element = tree.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  };

  const openFile = (path: string) => {
    setProblem(null);
    open(path).then(
      () => tabbed && show('editor'),
      (error: unknown) => setProblem(`${path} could not be opened: ${messageOf(error)}`),
    );
  };

  const toggle = (path: string, on: boolean) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  const act = (row: TreeRow) => {
    setFocused(row.node.path);
    if (row.node.kind === 'file') openFile(row.node.path);
    else toggle(row.node.path, !row.expanded);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMove(rows, focusIndex, event.key);
    if (!move) return;
    event.preventDefault();
    if (move.kind === 'focus') {
      setFocused(rows[move.index]?.node.path ?? null);
      scrollTo(move.index);
    } else if (move.kind === 'open') openFile(move.path);
    else toggle(move.path, move.kind === 'expand');
  };

  const changedCount = [...changes.values()].length;
  const status = problem
    ? problem
    : listing === null
      ? 'Listing files…'
      : !listing.known
        ? 'No snapshot of the files yet at this point.'
        : `${count(listing.paths.length, 'file')}${changedCount > 0 ? ` · ${changedCount} changed` : ''}${listing.truncated ? ' (the first 20,000 listed)' : ''}${point ? ' · at this replay point' : ''}`;

  return (
    <section className="explorer" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel-title explorer-title">
        Files
      </h2>
      <input
        type="search"
        className="explorer-filter"
        aria-label="Filter files"
        placeholder="Filter files"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        // ↓ goes on to the rows it left.
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || !tree.current) return;
          event.preventDefault();
          tree.current.focus();
        }}
      />
      <p className={problem ? 'explorer-status explorer-status--problem' : 'explorer-status'} role="status">
        {status}
      </p>
      {rows.length === 0 ? (
        <p className="explorer-empty">{filter.trim() !== '' ? 'No file matches the filter.' : listing ? 'No files.' : ''}</p>
      ) : (
        <div
          ref={tree}
          role="tree"
          aria-label="Workspace files"
          tabIndex={0}
          className="explorer-tree"
          aria-activedescendant={focusIndex >= 0 ? rowId(headingId, focusIndex) : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => focusIndex < 0 && setFocused(rows[0]?.node.path ?? null)}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        >
          <div className="explorer-rows" style={{ height: rows.length * ROW_HEIGHT }}>
            {shown.map((index) => {
              const row = rows[index] as TreeRow;
              const { node } = row;
              return (
                <div
                  key={node.path}
                  id={rowId(headingId, index)}
                  role="treeitem"
                  aria-level={row.level}
                  aria-setsize={row.setSize}
                  aria-posinset={row.posInSet}
                  aria-expanded={node.kind === 'dir' ? row.expanded : undefined}
                  aria-selected={node.kind === 'file' ? node.path === activePath : undefined}
                  className={`explorer-row${index === focusIndex ? ' explorer-row--focused' : ''}${node.badge === 'deleted' ? ' explorer-row--deleted' : ''}`}
                  style={{ top: index * ROW_HEIGHT, paddingLeft: 6 + (row.level - 1) * 14 }}
                  title={node.path}
                  onClick={() => act(row)}
                >
                  <span className="explorer-twisty" aria-hidden="true">
                    {node.kind === 'dir' ? (row.expanded ? '▾' : '▸') : ''}
                  </span>
                  <span className="explorer-name">{node.name}</span>
                  {node.badge && <span className={`badge ${BADGE_CLASS[node.badge]}`}>{node.badge}</span>}
                  {node.kind === 'file' && userEdits.has(node.path) && (
                    <span className="badge badge--user" title="You edited this file">
                      <span className="visually-hidden">edited by </span>you
                    </span>
                  )}
                  {node.kind === 'dir' && node.changed > 0 && (
                    <span className="explorer-count">
                      {node.changed}
                      <span className="visually-hidden"> changed</span>
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}

/** The Editor's badge colours: new as created. */
const BADGE_CLASS: Record<Badge, string> = { new: 'badge--created', edited: 'badge--edited', deleted: 'badge--deleted' };

const rowId = (base: string, index: number) => `${base}-row-${index}`;

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
