import { useCallback, useEffect, useRef, useState } from 'react';
import { EditorPanel } from './components/EditorPanel';
import { Header } from './components/Header';
import { RefusalToasts } from './components/RefusalToasts';
import { SettingsDialog } from './components/SettingsDialog';
import { SplitPane } from './components/SplitPane';
import { TaskComposer } from './components/TaskComposer';
import { TerminalPanel } from './components/TerminalPanel';
import { Timeline } from './components/Timeline';
import type { EngineClient } from './engine-client';
import { sandboxStatusText } from './sandbox-connection';
import { SessionBanners } from './sessions/SessionBanners';
import { SessionsDialog } from './sessions/SessionsDialog';
import { modelLabel } from './settings/model-label';
import type { PageSettings } from './settings/page-settings';
import { forgetApiKey, saveSettings } from './settings/storage';
import { phaseStrip } from './state/phase-strip';
import { type Scenario, useEngine } from './use-engine';

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
  const [task, setTask] = useState('');
  const engine = useEngine(client, settings);

  // The task box holds the scripted scenario's task until the viewer types their own.
  const suggested = defaultTaskFor(settings, engine.scenarios);
  const lastSuggested = useRef<string | null>(null);
  useEffect(() => {
    if (suggested === null) return;
    setTask((current) => (current === '' || current === lastSuggested.current ? suggested : current));
    lastSuggested.current = suggested;
  }, [suggested]);

  const saveAndClose = useCallback((next: PageSettings) => {
    saveSettings(localStorage, next);
    setSettings(next);
    setSettingsOpen(false);
  }, []);

  const forgetKey = useCallback(() => {
    forgetApiKey(localStorage);
    setSettings((current) => ({ ...current, model: { ...current.model, apiKey: '' } }));
  }, []);

  const { state } = engine;
  const canRun = engine.workerReady && !engine.busy && task.trim() !== '';
  const run = useCallback(() => {
    if (canRun) engine.run(task.trim());
  }, [canRun, engine, task]);

  return (
    <div className="app" data-ready={engine.workerReady ? 'true' : 'false'} data-sandbox={engine.sandbox.phase}>
      <Header
        status={engine.sessions.interrupted ? 'interrupted' : state.status}
        sandboxText={sandboxStatusText(engine.sandbox)}
        sandboxKind={engine.sandbox.phase === 'ready' ? engine.sandbox.info.kind : null}
        modelText={modelLabel(settings.model)}
        phase={phaseStrip(state, settings.mode)}
        iteration={state.status === 'running' && state.run ? state.run : null}
        onOpenSettings={() => setSettingsOpen(true)}
        onOpenSessions={() => setSessionsOpen(true)}
        onNewSession={() => void engine.sessions.newSession()}
        busy={engine.busy}
      />
      <main className="workspace">
        <div className="column column--left">
          <TaskComposer
            task={task}
            onTaskChange={setTask}
            canRun={canRun}
            canStop={engine.busy}
            waitingForSandbox={engine.waitingForSandbox}
            workerReady={engine.workerReady}
            onRun={run}
            onStop={engine.stop}
          />
          <SessionBanners sessions={engine.sessions} canResume={engine.workerReady && !engine.busy} />
          <Timeline entries={state.timeline} problems={settingsProblem ? [settingsProblem, ...engine.problems] : engine.problems} />
        </div>
        <SplitPane
          className="column column--right"
          label="Resize editor and terminal"
          storageKey="phasegate.split"
          first={<EditorPanel state={state} onSelect={engine.selectFile} onReveal={engine.revealLines} onShowOutline={engine.showOutline} />}
          second={<TerminalPanel terminal={state.terminal} />}
        />
      </main>
      <SettingsDialog
        open={settingsOpen}
        settings={settings}
        scenarios={engine.scenarios}
        onSave={saveAndClose}
        onCancel={() => setSettingsOpen(false)}
        onForgetKey={forgetKey}
        checkPolicy={client.checkPolicy}
        loadDefaultPolicy={client.defaultPolicy}
      />
      <SessionsDialog open={sessionsOpen} sessions={engine.sessions} busy={engine.busy} onClose={() => setSessionsOpen(false)} />
      <RefusalToasts violations={state.phase.violations} />
    </div>
  );
}
