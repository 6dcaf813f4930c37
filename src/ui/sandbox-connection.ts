import { messageOf } from '../protocol/error-message';
import type { SandboxInfo } from '../protocol/events';
import { redactSecrets } from '../protocol/redact-secrets';
import type { SandboxPreference } from '../protocol/settings';
import type { Sandbox } from '../sandbox/port';
import type { EngineClient } from './engine-client';
import { chooseSandbox, type SandboxCheck } from './sandbox/choose-sandbox';
import { injectedBoot } from './sandbox/injected-boot';
import { NO_PYTHON_WARNING } from './sandbox/python-workspace';
import { type ProbeResult, probeWebContainerHost } from './sandbox/reachability-probe';
import { browserStorage, type FailureStorage, forgetFailure, readRememberedFailure, rememberFailure } from './sandbox/remembered-failure';

export type SandboxStatus =
  | { phase: 'connecting' }
  /** `since`: Date.now() when the start began (the probe, then the boot). */
  | { phase: 'booting'; since: number }
  /**
   * `offerWebContainer`: no boot was tried on this page, so "Try WebContainer" can still boot it.
   * `warning`: what the sandbox in use lacks for this workspace (python3 in WebContainer).
   */
  | { phase: 'ready'; info: SandboxInfo; check: SandboxCheck; offerWebContainer: boolean; warning?: string }
  | { phase: 'error'; message: string };

export const BOOTING_TEXT = 'Starting WebContainer…';

/** What a newcomer reads as the sandbox's name: what it is, not what it is built on. */
export const SANDBOX_NAMES: Readonly<Record<SandboxInfo['kind'], string>> = {
  virtual: 'Offline sandbox (no network)',
  webcontainer: 'WebContainer',
};

/**
 * The status in two parts: the name shown (`now` gives the elapsed seconds while booting) and why
 * this sandbox (null while there is no choice yet); the header shows the name and keeps the why
 * in the status's text for screen readers and behind its ⓘ.
 */
export function sandboxStatusParts(status: SandboxStatus, now: number = Date.now()): { name: string; why: string | null } {
  switch (status.phase) {
    case 'connecting':
      return { name: 'Connecting to the engine…', why: null };
    case 'booting':
      return { name: `${BOOTING_TEXT} ${elapsedSeconds(status.since, now)} s`, why: null };
    case 'ready':
      return { name: SANDBOX_NAMES[status.info.kind], why: `${status.info.reason}${status.warning ? `; ${status.warning}` : ''}` };
    case 'error':
      return { name: 'No sandbox', why: status.message };
  }
}

/** The status line: the name, then " — " and why. */
export function sandboxStatusText(status: SandboxStatus, now: number = Date.now()): string {
  const { name, why } = sandboxStatusParts(status, now);
  return why === null ? name : `${name} — ${why}`;
}

export function elapsedSeconds(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}

export type BootResult = { ok: true; sandbox: Sandbox } | { ok: false; reason: string; keyRefused?: number };

export const RELOAD_FOR_KEY_REASON =
  'WebContainer starts once per page and did not start with the WebContainer API key it had then: reload the page to start it with the new key';

/**
 * WebContainer boots once per page: a second boot hangs, and so does every boot after one that
 * never settled, and configureAPIKey cannot change the key after a boot. The first attempt's
 * outcome is kept for the page's life; asked with another key, a failed first attempt says to reload.
 */
export function oncePerPage(start: (timeoutMs: number, apiKey: string) => Promise<BootResult>): (timeoutMs: number, apiKey: string) => Promise<BootResult> {
  let attempt: Promise<BootResult> | null = null;
  let attemptKey = '';
  return (timeoutMs, apiKey) => {
    if (attempt === null) {
      attemptKey = apiKey;
      attempt = start(timeoutMs, apiKey);
      return attempt;
    }
    if (apiKey === attemptKey) return attempt;
    return attempt.then((result) => (result.ok ? result : { ok: false, reason: RELOAD_FOR_KEY_REASON }));
  };
}

async function bootAndRemember(timeoutMs: number, apiKey: string, storage: FailureStorage | null): Promise<BootResult> {
  let result: BootResult;
  try {
    // Loaded on demand so @webcontainer/api stays out of the first bundle.
    const [{ bootWebContainerSandbox }, { STARTER_PROJECT }] = await Promise.all([
      import('../sandbox/webcontainer-boot'),
      import('../sandbox/starter-project'),
    ]);
    const boot = injectedBoot();
    result = await bootWebContainerSandbox({ timeoutMs, files: STARTER_PROJECT, apiKey, ...(boot ? { boot } : {}) });
  } catch (error) {
    result = { ok: false, reason: `WebContainer failed to load: ${redactSecrets(messageOf(error), [apiKey])}` };
  }
  // Remembered even when the page stopped waiting for it: the next visit starts on the virtual sandbox at once.
  if (result.ok) forgetFailure(storage);
  else rememberFailure(storage, { at: Date.now(), reason: result.reason });
  return result;
}

const bootOnce = oncePerPage((timeoutMs, apiKey) => bootAndRemember(timeoutMs, apiKey, browserStorage()));

/** What the checks read; the browser's by default, replaced in tests. */
export interface SandboxEnvironment {
  crossOriginIsolated: () => boolean;
  online: () => boolean;
  storage: FailureStorage | null;
  /** `apiKey`: the WebContainer API key the boot will use (empty: none). */
  probe: (apiKey: string) => Promise<ProbeResult>;
  now: () => number;
  boot: (timeoutMs: number, apiKey: string) => Promise<BootResult>;
}

function browserEnvironment(): SandboxEnvironment {
  const storage = browserStorage();
  return {
    crossOriginIsolated: () => globalThis.crossOriginIsolated === true,
    online: () => globalThis.navigator?.onLine !== false,
    storage,
    probe: (apiKey) => probeWebContainerHost({ apiKey }),
    now: () => Date.now(),
    boot: (timeoutMs, apiKey) => bootOnce(timeoutMs, apiKey),
  };
}

export const SWITCHED_REASON = 'you chose “Use virtual sandbox now” while WebContainer was starting';

export interface ConnectOptions {
  preference: SandboxPreference;
  bootTimeoutMs: number;
  /** "Try WebContainer" was pressed: forget the remembered failure, skip the probe, boot. */
  forceBoot?: boolean;
  /** The WebContainer API key changed since the last choice: a remembered failure may have been its lack, so it is forgotten. */
  forgetRemembered?: boolean;
  /** The WebContainer API key (Settings, else the build's); empty: none. */
  webcontainerApiKey?: string;
  /** The workspace has Python files: 'auto' takes the virtual sandbox, an explicit WebContainer is warned. */
  pythonWorkspace?: boolean;
  /** Settles when "Use virtual sandbox now" is pressed: stop waiting for the start. */
  skipBoot?: Promise<void>;
  onStatus: (status: SandboxStatus) => void;
  /** True once a newer choice replaced this one: it must not touch the worker any more. */
  superseded: () => boolean;
  environment?: SandboxEnvironment;
}

/**
 * Tells the worker which sandbox to use, booting WebContainer on this page when the checks allow.
 * Resolves with the sandbox in use, or null when a newer choice superseded this one.
 */
export async function connectSandbox(client: EngineClient, options: ConnectOptions): Promise<SandboxInfo | null> {
  const env = options.environment ?? browserEnvironment();
  const apiKey = options.webcontainerApiKey ?? '';
  // A reason reaches the status, this browser's storage and the worker: never with the key in it.
  const clean = (reason: string) => redactSecrets(reason, [apiKey]);
  const settleOn = async (sandbox: Sandbox | null, reason: string, check: SandboxCheck, offerWebContainer = false): Promise<SandboxInfo | null> => {
    if (options.superseded()) return null;
    let host = null;
    if (sandbox !== null) host = (await import('../sandbox/remote')).exposeSandbox(sandbox);
    const info = await client.useSandbox(host, clean(reason));
    if (options.superseded()) return info;
    const warning = sandbox !== null && options.pythonWorkspace ? { warning: NO_PYTHON_WARNING } : {};
    options.onStatus({ phase: 'ready', info, check, offerWebContainer, ...warning });
    // For bench/sandbox-start.mjs: when a run could first use the sandbox.
    globalThis.performance?.mark?.('phasegate:sandbox-ready', { detail: check });
    return info;
  };
  const skipped = (options.skipBoot ?? new Promise<never>(() => undefined)).then(() => 'skipped' as const);
  try {
    if (options.forceBoot || options.forgetRemembered) forgetFailure(env.storage);
    const choice = chooseSandbox({
      preference: options.preference,
      crossOriginIsolated: env.crossOriginIsolated(),
      online: env.online(),
      remembered: readRememberedFailure(env.storage, env.now()),
      forceBoot: options.forceBoot === true,
      pythonWorkspace: options.pythonWorkspace === true,
    });
    if (choice.use === 'virtual') return await settleOn(null, choice.reason, choice.check, choice.offerWebContainer);

    if (!options.superseded()) options.onStatus({ phase: 'booting', since: env.now() });
    if (choice.use === 'probe-then-boot') {
      const probe = await Promise.race([env.probe(apiKey), skipped]);
      if (probe === 'skipped') return await settleOn(null, SWITCHED_REASON, 'switched', true);
      // Remembered like a failed boot, so the next visit does not wait; "Try WebContainer" boots anyway, should the probe be wrong.
      if (!probe.ok) {
        rememberFailure(env.storage, { at: env.now(), reason: clean(probe.reason) });
        return await settleOn(null, probe.reason, 'probe', true);
      }
    }
    const boot = await Promise.race([env.boot(options.bootTimeoutMs, apiKey), skipped]);
    if (boot === 'skipped') return await settleOn(null, SWITCHED_REASON, 'switched');
    if (boot.ok) return await settleOn(boot.sandbox, 'booted on this page', 'boot');
    if (choice.use === 'boot' && boot.keyRefused === undefined) {
      // StackBlitz's 403/404 leaves the released boot hanging; the probe the boot skipped can still read it.
      const diagnosis = await Promise.race([env.probe(apiKey), skipped]);
      if (diagnosis !== 'skipped' && !diagnosis.ok && diagnosis.keyRefused !== undefined) {
        rememberFailure(env.storage, { at: env.now(), reason: clean(diagnosis.reason) });
        return await settleOn(null, diagnosis.reason, 'boot');
      }
    }
    return await settleOn(null, boot.reason, 'boot');
  } catch (error) {
    if (!options.superseded()) options.onStatus({ phase: 'error', message: clean(messageOf(error)) });
    return null;
  }
}
