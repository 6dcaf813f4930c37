import { messageOf } from '../protocol/error-message';
import type { SandboxInfo } from '../protocol/events';
import type { SandboxPreference } from '../protocol/settings';
import type { Sandbox } from '../sandbox/port';
import type { EngineClient } from './engine-client';

export type SandboxStatus = { phase: 'connecting' } | { phase: 'booting' } | { phase: 'ready'; info: SandboxInfo } | { phase: 'error'; message: string };

export function sandboxStatusText(status: SandboxStatus): string {
  switch (status.phase) {
    case 'connecting':
      return 'Connecting to the engine…';
    case 'booting':
      return 'Starting WebContainer…';
    case 'ready':
      return `${status.info.label} — ${status.info.reason}`;
    case 'error':
      return `No sandbox — ${status.message}`;
  }
}

type BootResult = { ok: true; sandbox: Sandbox } | { ok: false; reason: string };

/**
 * WebContainer boots once per page: a second boot hangs, and so does every boot
 * after one that never settled. The first attempt's outcome is kept for the page's life.
 */
let bootAttempt: Promise<BootResult> | null = null;

function bootOnce(timeoutMs: number): Promise<BootResult> {
  bootAttempt ??= (async (): Promise<BootResult> => {
    try {
      // Loaded on demand so @webcontainer/api stays out of the first bundle.
      const [{ bootWebContainerSandbox }, { STARTER_PROJECT }] = await Promise.all([
        import('../sandbox/webcontainer-boot'),
        import('../sandbox/starter-project'),
      ]);
      return await bootWebContainerSandbox({ timeoutMs, files: STARTER_PROJECT });
    } catch (error) {
      return { ok: false, reason: `WebContainer failed to load: ${messageOf(error)}` };
    }
  })();
  return bootAttempt;
}

export interface ConnectOptions {
  preference: SandboxPreference;
  bootTimeoutMs: number;
  onStatus: (status: SandboxStatus) => void;
  /** True once a newer choice replaced this one: it must not touch the worker any more. */
  superseded: () => boolean;
}

/**
 * Tells the worker which sandbox to use, booting WebContainer on this page when preferred.
 * Resolves with the sandbox in use, or null when a newer choice superseded this one.
 */
export async function connectSandbox(client: EngineClient, options: ConnectOptions): Promise<SandboxInfo | null> {
  const use = async (sandbox: Sandbox | null, reason: string): Promise<SandboxInfo | null> => {
    if (options.superseded()) return null;
    let host = null;
    if (sandbox !== null) host = (await import('../sandbox/remote')).exposeSandbox(sandbox);
    const info = await client.useSandbox(host, reason);
    if (!options.superseded()) options.onStatus({ phase: 'ready', info });
    return info;
  };
  try {
    if (options.preference === 'virtual') return await use(null, 'chosen in Settings');
    options.onStatus({ phase: 'booting' });
    const boot = await bootOnce(options.bootTimeoutMs);
    return boot.ok ? await use(boot.sandbox, 'booted on this page') : await use(null, boot.reason);
  } catch (error) {
    if (!options.superseded()) options.onStatus({ phase: 'error', message: messageOf(error) });
    return null;
  }
}
