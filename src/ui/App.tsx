import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../protocol/error-message';
import { settingsSecrets } from '../protocol/url-secrets';
import { EditorPanel } from './components/EditorPanel';
import { Header } from './components/Header';
import { PanePanel } from './components/PanePanel';
import { RefusalToasts } from './components/RefusalToasts';
import { SettingsDialog } from './components/SettingsDialog';
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { SplitPane } from './components/SplitPane';
import { TaskComposer } from './components/TaskComposer';
import { TerminalPanel } from './components/TerminalPanel';
import { REPLAY_WINDOW, Timeline, TIMELINE_WINDOW } from './components/Timeline';
import { TimelineBoundary } from './components/TimelineBoundary';
import { StartingSandboxText } from './components/WaitLines';
import { Workspace } from './components/Workspace';
import { editReadOnlyReason } from './editor/edit-permission';
import type { EngineClient } from './engine-client';
import { ExplorerPanel, FilesPane } from './explorer/ExplorerPanel';
import { useExplorerSource } from './explorer/use-explorer-source';
import { KeyboardLegend } from './presenter/KeyboardLegend';
import { PresenterModeContext } from './presenter/presenter-mode';
import { PAGE_STARTED_AT, PreviewPane } from './preview/PreviewPane';
import { PreviewPanel } from './preview/PreviewPanel';
import { useReplayKeys } from './replay/replay-keys';
import { liveRunStatus, replayShown } from './replay/replay-state';
import { ReplayBar } from './replay/ReplayBar';
import { useReplay } from './replay/use-replay';
import { ContinueImportedDialog, type ContinueImportedDialogProps } from './sessions/ContinueImportedDialog';
import { NewSessionDialog } from './sessions/NewSessionDialog';
import { RestoreDialog } from './sessions/RestoreDialog';
import { SessionBanners } from './sessions/SessionBanners';
import { SessionsDialog } from './sessions/SessionsDialog';
import { ShareDialog } from './sessions/ShareDialog';
import { useNewSession } from './sessions/use-new-session';
import { modelLabel } from './settings/model-label';
import type { PageSettings } from './settings/page-settings';
import { forgetApiKey, saveSettings, withoutSecrets } from './settings/storage';
import { currentWait } from './state/current-wait';
import { followUpOffered } from './state/follow-up';
import { pendingTimeline } from './state/pending-run';
import { phaseStrip } from './state/phase-strip';
import { previewAvailability } from './state/previews';
import { sessionChangedFiles } from './state/ui-state';
import { type Scenario, useEngine } from './use-engine';
import { useShortcuts } from './use-shortcuts';
import { useWaitingTitle } from './use-tab-title';
import { WorkspaceToolbar } from './workspace-io/WorkspaceToolbar';

const NO_PREVIEW_PANE: ReadonlySet<'preview'> = new Set(['preview']);

export interface AppProps {
  client: EngineClient;
  initialSettings: PageSettings;
  /** Why stored settings were not used, if they were not. */
  settingsProblem: string | null;
}

function defaultTaskFor(settings: PageSettings, scenarios: Scenario[]): string | null {
  if (settings.model.provider !== 'scripted') return null;
  const scenario = scenarios.find((s) => s.name === settings.model.scenario);
  return scenario ? (scenario.defaultTask ?? scenario.description) : null;
}

export function App({ client, initialSettings, settingsProblem }: AppProps) {
  const [settings, setSettings] = useState(initialSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [presenter, setPresenter] = useState(false);
  // An import is being read or written: no run may start on a half-written workspace.
  const [importing, setImporting] = useState(false);
  // "Continue from here" (or Retry) on a replay-only session: asked first, in a dialog saying what goes where.
  const [continueAt, setContinueAt] = useState<ContinueImportedDialogProps['at']>(null);
  const [task, setTask] = useState('');
  // "Restore files to here" or "Roll back", asked first.
  const [restoreAsk, setRestoreAsk] = useState<{ checkpoint: string; to: string } | null>(null);
  const engine = useEngine(client, settings);
  const newSession = useNewSession(client, engine.sessions.newSession);
  const explorer = useExplorerSource(client, engine, importing);
  const replay = useReplay(engine.view.log, engine.view.position, engine.seek);
  // During a live run there is no replay: no bar, no keys, and the page follows the run.
  const replayBar = !engine.busy && engine.view.log.length > 0;
  useReplayKeys(presenter || replayBar, presenter, replay);
  const { seek } = engine;
  const { pause: pauseReplay, setSpeed: setReplaySpeed } = replay;
  useEffect(() => {
    if (!engine.busy) return;
    pauseReplay();
    if (engine.view.position !== null) seek(null);
  }, [engine.busy, engine.view.position, seek, pauseReplay]);
  // A workshop replays one step every 3 s: presenter mode starts at that pace, and leaving it goes back to 1×.
  useEffect(() => {
    setReplaySpeed(presenter ? 'workshop' : '1');
  }, [presenter, setReplaySpeed]);
  useShortcuts({
    canStop: engine.busy,
    stop: engine.stop,
    openSettings: () => setSettingsOpen(true),
    openShortcuts: () => setShortcutsOpen(true),
  });

  // The task box holds the scripted scenario's task until the viewer types their own.
  const suggested = defaultTaskFor(settings, engine.scenarios);
  const lastSuggested = useRef<string | null>(null);
  useEffect(() => {
    if (suggested === null) {
      // A real provider now: the demo's task was never the user's, so it goes.
      const demoTask = lastSuggested.current;
      if (demoTask !== null) setTask((current) => (current === demoTask ? '' : current));
      lastSuggested.current = null;
      return;
    }
    setTask((current) => (current === '' || current === lastSuggested.current ? suggested : current));
    lastSuggested.current = suggested;
  }, [suggested]);
  // The demo plays its own recorded task: with another one typed, the button says it runs the demo.
  const runsDemo = suggested !== null && task.trim() !== suggested.trim();

  const saveAndClose = useCallback((next: PageSettings) => {
    saveSettings(localStorage, next);
    setSettings(next);
    setSettingsOpen(false);
  }, []);

  const forgetKey = useCallback(() => {
    forgetApiKey(localStorage);
    setSettings(withoutSecrets);
  }, []);

  const { state } = engine;
  // A handoff card's file (and a finding's line) opens in the Editor as the explorer opens it: the
  // Editor's own text, else the worker's read of the workspace at the point shown. Stable, so the cards stay memoised.
  const explorerOpen = useRef(explorer.open);
  explorerOpen.current = explorer.open;
  const { revealLines } = engine;
  const openFile = useCallback(
    async (path: string, line: number | null): Promise<string | null> => {
      try {
        await explorerOpen.current(path);
      } catch (error) {
        return messageOf(error);
      }
      if (line !== null) revealLines(path, { startLine: line, endLine: line, symbol: null });
      return null;
    },
    [revealLines],
  );
  // A playing replay holds Run: a run would start from the session's end, not the point the room is watching.
  const canRun = engine.workerReady && !engine.busy && !importing && !replay.playing && task.trim() !== '';
  const run = useCallback(() => {
    if (!canRun) return;
    seek(null);
    engine.run(task.trim());
  }, [canRun, engine, seek, task]);

  const { replayOnly } = engine.sessions;
  const onReplayOnly = replayOnly !== null && replayOnly.id === engine.view.live.sessionId;
  const askToContinue = (position: number) =>
    replayOnly &&
    setContinueAt({
      position,
      length: engine.view.log.length,
      task: state.run?.task ?? replayOnly.task,
      from: replayOnly.importedFrom ?? 'link',
      model: replayOnly.model,
    });
  const continueImported = async (newTask: string) => {
    const at = continueAt;
    setContinueAt(null);
    if (!at || !replayOnly) return;
    setTask(newTask);
    if (await engine.sessions.seedFromReplay(replayOnly.id, at.position)) engine.run(newTask);
  };
  // A shared session shows its own task in the Task box (the viewer may change it before continuing).
  const sharedTask = onReplayOnly ? replayOnly.task : null;
  useEffect(() => {
    if (sharedTask !== null) setTask(sharedTask);
  }, [sharedTask]);
  // A run cut off by a reload shows its task in the Task box, as the run on the page.
  const interruptedTask = engine.sessions.interrupted !== null && !onReplayOnly ? (state.run?.task ?? null) : null;
  useEffect(() => {
    if (interruptedTask !== null) setTask(interruptedTask);
  }, [interruptedTask]);
  useWaitingTitle(engine.view.live.status === 'waiting' && !onReplayOnly);
  const replayState = replayShown({
    length: engine.view.log.length,
    position: engine.view.position,
    playing: replay.playing,
    busy: engine.busy,
    replayOnly: onReplayOnly,
    step: replay.step,
    steps: replay.steps,
  });
  // Presenter mode gives the room the Timeline: the Task box goes once a session is on the page.
  const taskHidden = presenter && (engine.busy || engine.view.log.length > 0);
  // A server's preview only while the page follows its own live session; a replay says it was there.
  const preview =
    state.previews.length > 0
      ? previewAvailability(state.previews, { replaying: engine.view.position !== null, replayOnly: onReplayOnly, pageStartedAt: PAGE_STARTED_AT })
      : null;
  // Between runs of the user's own session, at its end, the Editor edits the workspace's files.
  const sessionOnPage = engine.view.live.sessionId;
  const readyMade = engine.sessions.list.some((session) => session.id === sessionOnPage && session.builtIn === true);
  const editing = {
    readOnlyReason: editReadOnlyReason({
      running: engine.busy,
      importing,
      replaying: engine.view.position !== null,
      replayOnly: onReplayOnly,
      readyMade,
      interrupted: engine.sessions.interrupted !== null,
      sessionId: sessionOnPage,
    }),
    save: async (path: string, content: string, base: string): Promise<string | null> => {
      if (sessionOnPage === null) return 'no session is on the page';
      try {
        await client.saveFile(sessionOnPage, path, content, base);
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },
  };
  // After a run, the Task box asks for a follow-up in the same session (New session brings the plain Task back).
  // A scripted scenario plays in a session of its own, and a ready-made session is replayed, not added to.
  const followUp = followUpOffered({
    hasRun: state.run !== null,
    busy: engine.busy,
    replayedOnly: onReplayOnly || readyMade,
    replaying: engine.view.position !== null,
    scripted: settings.model.provider === 'scripted',
  });

  return (
    <PresenterModeContext.Provider value={presenter}>
      <div className="app" data-ready={engine.workerReady ? 'true' : 'false'} data-sandbox={engine.sandbox.phase} data-presenter={presenter ? 'true' : 'false'}>
        <Header
          status={liveRunStatus({
            liveStatus: engine.view.live.status,
            pending: engine.pendingRun !== null,
            interrupted: engine.sessions.interrupted !== null,
            replayOnly: onReplayOnly,
          })}
          replay={replayState}
          statusText={engine.pendingRun && engine.waitingForSandbox ? <StartingSandboxText since={engine.pendingRun.since} /> : undefined}
          sandbox={{ status: engine.sandbox, actions: engine.sandboxActions }}
          modelText={onReplayOnly ? replayOnly.model.label : modelLabel(settings.model)}
          modelOfSession={onReplayOnly}
          phase={phaseStrip(state, engine.runMode)}
          iteration={replayState === null && state.status === 'running' && state.run ? state.run : null}
          usage={state.usage}
          onOpenSettings={() => setSettingsOpen(true)}
          onOpenSessions={() => setSessionsOpen(true)}
          onNewSession={newSession.request}
          onShare={state.run && !engine.busy ? () => setShareOpen(true) : null}
          busy={engine.busy}
          presenter={presenter}
          onTogglePresenter={() => setPresenter((on) => !on)}
          onOpenShortcuts={() => setShortcutsOpen(true)}
        />
        {presenter && <KeyboardLegend />}
        <Workspace
          activity={{ task: state.timeline, editor: state.files, terminal: state.terminal, files: null, preview: state.previews }}
          hidden={preview ? undefined : NO_PREVIEW_PANE}
        >
          <PanePanel pane="task" className="column column--left">
            <TaskComposer
              hidden={taskHidden}
              replayPlaying={replay.playing}
              task={task}
              onTaskChange={setTask}
              canRun={canRun}
              canStop={engine.busy}
              waitingForSandbox={engine.waitingForSandbox}
              workerReady={engine.workerReady}
              demo={
                suggested === null
                  ? null
                  : { playedTask: suggested, runsOtherTask: runsDemo, ownMode: engine.runMode === settings.mode ? null : engine.runMode }
              }
              onRun={run}
              onStop={engine.stop}
              followUp={followUp}
            />
            <SessionBanners
              sessions={engine.sessions}
              canResume={engine.workerReady && !engine.busy}
              shared={{
                onReplayFromStart: () => {
                  replay.seekTo(0);
                  replay.play();
                },
                onContinue: onReplayOnly && !engine.busy && engine.view.log.length > 0 ? () => askToContinue(replay.position) : null,
              }}
            />
            {replayBar && (
              <ReplayBar
                replay={replay}
                onContinue={
                  state.run && !engine.busy && engine.view.log.length > 0
                    ? onReplayOnly
                      ? () => askToContinue(replay.position)
                      : () => void engine.sessions.fork(engine.view.live.sessionId ?? '', replay.position)
                    : null
                }
              />
            )}
            <TimelineBoundary
              sessionId={engine.view.live.sessionId}
              onDiscard={
                engine.view.live.sessionId && !engine.busy
                  ? () => void engine.sessions.remove(engine.view.live.sessionId ?? '').then(engine.sessions.newSession)
                  : null
              }
            >
              <Timeline
                // A run asked for shows its task at once, while it waits for the sandbox.
                entries={engine.pendingRun ? pendingTimeline(state, engine.pendingRun.task, settings.model.provider === 'scripted') : state.timeline}
                windowSize={engine.view.position === null ? TIMELINE_WINDOW : REPLAY_WINDOW}
                wait={
                  engine.pendingRun
                    ? null
                    : {
                        current: currentWait(engine.view.log, engine.view.position ?? undefined),
                        live: engine.view.position === null && engine.busy && state.status === 'running',
                        model: state.run?.model.label ?? '',
                      }
                }
                problems={settingsProblem ? [settingsProblem, ...engine.problems] : engine.problems}
                onOpenFile={openFile}
                endActions={
                  state.run && !engine.busy && engine.view.position === null
                    ? {
                        // A replay-only session's task is not run before the viewer says so.
                        retry: onReplayOnly ? () => askToContinue(engine.view.log.length) : () => engine.run(state.run?.task ?? task),
                        editTask: () => {
                          setTask(state.run?.task ?? task);
                          document.getElementById('task')?.focus();
                        },
                        restore: (checkpoint, to) => setRestoreAsk({ checkpoint, to }),
                        backToLatest: (checkpoint) => void engine.sessions.restore(engine.view.live.sessionId ?? '', checkpoint),
                        openSettings: () => setSettingsOpen(true),
                      }
                    : null
                }
                onAnswer={
                  engine.view.position === null && !onReplayOnly && (state.status === 'waiting' || engine.sessions.interrupted !== null) && engine.workerReady
                    ? engine.answer
                    : null
                }
                onApprove={
                  engine.view.position === null && !onReplayOnly && state.status === 'waiting' && engine.busy && engine.workerReady ? engine.approve : null
                }
              />
            </TimelineBoundary>
            {/* In the left column's flow, under the Timeline: a toast takes its own room and covers no control. */}
            <RefusalToasts violations={state.phase.violations} />
          </PanePanel>
          <SplitPane
            className="column column--right"
            label="Resize editor and terminal"
            storageKey="phasegate.split"
            first={
              <PanePanel pane="editor">
                <EditorPanel
                  state={state}
                  onSelect={engine.selectFile}
                  onReveal={engine.revealLines}
                  onShowOutline={engine.showOutline}
                  explorer={<ExplorerPanel source={explorer} />}
                  preview={preview ? <PreviewPanel availability={preview} /> : undefined}
                  editing={editing}
                  toolbar={
                    <WorkspaceToolbar
                      client={client}
                      workerReady={engine.workerReady}
                      busy={engine.busy}
                      sessionId={engine.view.live.sessionId}
                      changedFiles={sessionChangedFiles(engine.view.live)}
                      onSessionFile={engine.sessions.importText}
                      onImportingChange={setImporting}
                      prepareSandbox={engine.prepareSandboxFor}
                    />
                  }
                />
              </PanePanel>
            }
            second={
              <PanePanel pane="terminal">
                <TerminalPanel terminal={state.terminal} />
              </PanePanel>
            }
          />
          <FilesPane source={explorer} />
          {preview && <PreviewPane availability={preview} />}
        </Workspace>
        <SettingsDialog
          open={settingsOpen}
          settings={settings}
          scenarios={engine.scenarios}
          onSave={saveAndClose}
          onCancel={() => setSettingsOpen(false)}
          onForgetKey={forgetKey}
          checkPolicy={client.checkPolicy}
          loadDefaultPolicy={client.defaultPolicy}
          policyWarningsOf={client.policyWarnings}
          endpointCheck={client}
        />
        <ShareDialog
          open={shareOpen}
          sessionId={engine.view.live.sessionId}
          shareAddress={settings.shareAddress}
          secrets={settingsSecrets({ ...settings.model, webcontainerApiKey: engine.webcontainerApiKey })}
          shareLink={client.shareLink}
          exportFile={(id, withModelHosts) => client.exportSession(id, false, withModelHosts)}
          onClose={() => setShareOpen(false)}
        />
        <SessionsDialog
          open={sessionsOpen}
          sessions={engine.sessions}
          busy={engine.busy}
          scenarios={engine.scenarios}
          onReadyMade={(scenario) => void engine.sessions.openReadyMade(scenario)}
          onClose={() => setSessionsOpen(false)}
        />
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
        <NewSessionDialog open={newSession.asking} onConfirm={newSession.confirm} onCancel={newSession.cancel} />
        <RestoreDialog
          to={restoreAsk?.to ?? null}
          onCancel={() => setRestoreAsk(null)}
          onConfirm={() => {
            if (restoreAsk) void engine.sessions.restore(engine.view.live.sessionId ?? '', restoreAsk.checkpoint);
            setRestoreAsk(null);
          }}
        />
        <ContinueImportedDialog
          at={continueAt}
          settings={settings}
          mode={engine.runMode}
          onConfirm={(next) => void continueImported(next)}
          onCancel={() => setContinueAt(null)}
          onOpenSettings={() => {
            setContinueAt(null);
            setSettingsOpen(true);
          }}
        />
      </div>
    </PresenterModeContext.Provider>
  );
}
