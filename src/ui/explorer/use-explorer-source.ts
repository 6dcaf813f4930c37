import { useCallback, useMemo, useRef } from 'react';
import type { EngineClient } from '../engine-client';
import type { EngineView } from '../use-engine';
import { explorerChanges, explorerPoint, explorerRefreshKey, type ExplorerSource, explorerUserEdits } from './explorer-source';
import type { Badge } from './tree-model';

/**
 * The file explorer's source for the session on the page: where to list from (the sandbox, or the
 * stored session at the replay position), when to list again, the changed files' badges, and how a
 * file opens (the worker's text, which refreshes the Editor's copy when a command changed the file).
 */
export function useExplorerSource(client: EngineClient, engine: EngineView, importing: boolean): ExplorerSource {
  const { log, position, live } = engine.view;
  const sessionId = live.sessionId;
  const replayOnly = engine.sessions.replayOnly !== null && engine.sessions.replayOnly.id === sessionId;
  // The sandbox's files change outside the log too: an import, a new session, a run's commands.
  const generation = `${engine.busy}:${importing}:${live.run?.id ?? ''}`;
  const inputs = useMemo(() => ({ log, position, sessionId, replayOnly, generation }), [log, position, sessionId, replayOnly, generation]);
  const point = useMemo(() => explorerPoint(inputs), [inputs]);
  const pointKey = point === null ? null : `${point.sessionId}:${point.count}`;
  const stablePoint = useMemo(() => point, [pointKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const refreshKey = explorerRefreshKey(inputs, point);
  // The same badges keep the same map, so a run's streamed events do not rebuild the tree.
  const lastChanges = useRef<ReadonlyMap<string, Badge>>(new Map());
  const changes = useMemo(() => {
    const next = explorerChanges(inputs);
    const before = lastChanges.current;
    if (next.size === before.size && [...next].every(([path, badge]) => before.get(path) === badge)) return before;
    lastChanges.current = next;
    return next;
  }, [inputs]);
  const lastUserEdits = useRef<ReadonlySet<string>>(new Set());
  const userEdits = useMemo(() => {
    const next = explorerUserEdits(inputs);
    const before = lastUserEdits.current;
    if (next.size === before.size && [...next].every((path) => before.has(path))) return before;
    lastUserEdits.current = next;
    return next;
  }, [inputs]);
  const { files, activeFile } = engine.state;
  const { selectFile, openFile } = engine;
  const open = useCallback(
    async (path: string) => {
      // Read even a shown file: a command may have changed it without a file event.
      let text;
      try {
        text = await client.readWorkspaceFile(path, stablePoint);
      } catch (error) {
        if (files[path] !== undefined) return selectFile(path);
        throw error;
      }
      openFile(path, text.content, text.truncated);
    },
    [client, files, selectFile, openFile, stablePoint],
  );
  return useMemo(
    () => ({ point: stablePoint, refreshKey, listPaths: client.workspacePaths, changes, userEdits, activePath: activeFile, open }),
    [stablePoint, refreshKey, client, changes, userEdits, activeFile, open],
  );
}
