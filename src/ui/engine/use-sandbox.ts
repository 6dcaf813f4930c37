import { useCallback, useEffect, useRef, useState } from 'react';
import type { SandboxPreference } from '../../protocol/settings';
import type { EngineClient } from '../engine-client';
import { connectSandbox, type SandboxStatus } from '../sandbox-connection';

export interface SandboxConnection {
  status: SandboxStatus;
  /** Settles once the latest choice is connected (or failed to); a run waits for it. */
  settled: () => Promise<unknown>;
}

/** Connects the worker to the preferred sandbox, again on every change of preference; the latest choice wins. */
export function useSandbox(client: EngineClient, preference: SandboxPreference, bootTimeoutMs: number): SandboxConnection {
  const [status, setStatus] = useState<SandboxStatus>({ phase: 'connecting' });
  const latest = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    let superseded = false;
    latest.current = connectSandbox(client, {
      preference,
      bootTimeoutMs,
      onStatus: setStatus,
      superseded: () => superseded,
    });
    return () => {
      superseded = true;
    };
  }, [client, preference, bootTimeoutMs]);

  const settled = useCallback(() => latest.current, []);
  return { status, settled };
}
