import { useCallback, useEffect, useRef, useState } from 'react';
import type { SandboxPreference } from '../../protocol/settings';
import type { EngineClient } from '../engine-client';
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
}

/** Connects the worker to the preferred sandbox, again on every change of preference; the latest choice wins. */
export function useSandbox(client: EngineClient, preference: SandboxPreference, bootTimeoutMs: number): SandboxConnection {
  const [status, setStatus] = useState<SandboxStatus>({ phase: 'connecting' });
  const [forcedBoots, setForcedBoots] = useState(0);
  const latest = useRef<Promise<unknown>>(Promise.resolve());
  const skip = useRef<() => void>(() => undefined);

  useEffect(() => {
    let superseded = false;
    const skipBoot = new Promise<void>((resolve) => {
      skip.current = resolve;
    });
    latest.current = connectSandbox(client, {
      preference,
      bootTimeoutMs,
      forceBoot: forcedBoots > 0,
      skipBoot,
      onStatus: setStatus,
      superseded: () => superseded,
    });
    return () => {
      superseded = true;
    };
  }, [client, preference, bootTimeoutMs, forcedBoots]);

  const settled = useCallback(() => latest.current, []);
  const useVirtualNow = useCallback(() => skip.current(), []);
  const tryWebContainer = useCallback(() => setForcedBoots((count) => count + 1), []);
  return { status, settled, useVirtualNow, tryWebContainer };
}
