import { useCallback, useEffect, useRef, useState } from 'react';
import type { SandboxPreference } from '../../protocol/settings';
import type { EngineClient } from '../engine-client';
import { hasPythonFiles } from '../sandbox/python-workspace';
import { connectSandbox, type SandboxStatus } from '../sandbox-connection';

export interface SandboxActions {
  /** "Use virtual sandbox now": stop waiting for WebContainer (its boot goes on unseen). */
  useVirtualNow: () => void;
  /** "Try WebContainer": forget the remembered failure and boot, skipping the probe. */
  tryWebContainer: () => void;
}

export interface SandboxConnection extends SandboxActions {
  status: SandboxStatus;
  /** Settles once the latest choice is connected (or failed to); a run waits for it. */
  settled: () => Promise<unknown>;
  /**
   * Before files replace the workspace: chooses the sandbox for them again when they differ in
   * having Python files (python-workspace.ts), and settles once that choice is connected.
   */
  prepareForFiles: (paths: readonly string[]) => Promise<unknown>;
}

interface Waiter {
  python: boolean;
  resolve: () => void;
}

/**
 * Connects the worker to the preferred sandbox, again on every change of preference, of the
 * WebContainer API key, and of whether the workspace has Python files; the latest choice wins.
 */
export function useSandbox(client: EngineClient, preference: SandboxPreference, bootTimeoutMs: number, webcontainerApiKey: string): SandboxConnection {
  const [status, setStatus] = useState<SandboxStatus>({ phase: 'connecting' });
  const [forcedBoots, setForcedBoots] = useState(0);
  const [pythonWorkspace, setPythonWorkspace] = useState(false);
  const latest = useRef<Promise<unknown>>(Promise.resolve());
  const skip = useRef<() => void>(() => undefined);
  const keyUsed = useRef(webcontainerApiKey);
  const python = useRef(pythonWorkspace);
  const waiters = useRef<Waiter[]>([]);

  useEffect(() => {
    let superseded = false;
    const skipBoot = new Promise<void>((resolve) => {
      skip.current = resolve;
    });
    // A remembered failure may have been the missing key: a new key is worth a new probe.
    const keyChanged = keyUsed.current !== webcontainerApiKey;
    keyUsed.current = webcontainerApiKey;
    python.current = pythonWorkspace;
    const connection = connectSandbox(client, {
      preference,
      bootTimeoutMs,
      forceBoot: forcedBoots > 0,
      forgetRemembered: keyChanged,
      webcontainerApiKey,
      pythonWorkspace,
      skipBoot,
      onStatus: setStatus,
      superseded: () => superseded,
    });
    latest.current = connection;
    const ready = waiters.current.filter((waiter) => waiter.python === pythonWorkspace);
    waiters.current = waiters.current.filter((waiter) => waiter.python !== pythonWorkspace);
    for (const waiter of ready) void connection.finally(waiter.resolve);
    return () => {
      superseded = true;
    };
  }, [client, preference, bootTimeoutMs, forcedBoots, webcontainerApiKey, pythonWorkspace]);

  const settled = useCallback(() => latest.current, []);
  const useVirtualNow = useCallback(() => skip.current(), []);
  const tryWebContainer = useCallback(() => setForcedBoots((count) => count + 1), []);
  const prepareForFiles = useCallback((paths: readonly string[]) => {
    const hasPython = hasPythonFiles(paths);
    if (hasPython === python.current) return latest.current.catch(() => undefined);
    return new Promise<void>((resolve) => {
      waiters.current.push({ python: hasPython, resolve });
      setPythonWorkspace(hasPython);
    });
  }, []);
  return { status, settled, useVirtualNow, tryWebContainer, prepareForFiles };
}
