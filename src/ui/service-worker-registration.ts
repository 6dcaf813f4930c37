/**
 * Registers the service worker (src/service-worker/, built into dist/sw.js) that caches the app for
 * offline use and makes the page cross-origin isolated on hosts that cannot send the headers.
 * No UI: on such a host the first visit is not isolated, so once the worker controls the page it
 * reloads once (a sessionStorage flag makes sure it never loops; the URL, fragment included, is kept).
 * If the page is still not isolated after that, it carries on: the virtual sandbox works without.
 */

/** Set just before the one reload; cleared once a page load is isolated. */
export const RELOAD_FLAG = 'phasegate.isolationReload';

/** What to do once the worker is registered, decided from the page's state alone. */
export type IsolationStep = 'none' | 'reload' | 'reload-when-controlled';

export interface IsolationState {
  isolated: boolean;
  /** The page load went through the worker. */
  controlled: boolean;
  /** A worker is already active for this scope (this load bypassed it, e.g. a hard reload). */
  active: boolean;
  /** The flag is set: this tab already reloaded once for isolation. */
  reloadedBefore: boolean;
}

export function isolationStep(state: IsolationState): IsolationStep {
  if (state.isolated || state.reloadedBefore) return 'none';
  // The worker served this page and it is still not isolated: another reload would not help.
  if (state.controlled) return 'none';
  return state.active ? 'reload' : 'reload-when-controlled';
}

export interface RegistrationEnvironment {
  dev: boolean;
  container: ServiceWorkerContainer | undefined;
  isolated: boolean;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  reload: () => void;
  /** Resolves when the page has loaded, so installing never competes with the page's own files. */
  loaded: Promise<void>;
  scriptUrl: string;
  scope: string;
}

function browserEnvironment(): RegistrationEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined; // storage disabled: no reload, since nothing could stop a loop
  }
  return {
    dev: import.meta.env.DEV,
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    isolated: window.crossOriginIsolated,
    storage,
    reload: () => window.location.reload(),
    loaded: document.readyState === 'complete' ? Promise.resolve() : new Promise((done) => window.addEventListener('load', () => done(), { once: true })),
    scriptUrl: `${import.meta.env.BASE_URL}sw.js`,
    scope: import.meta.env.BASE_URL,
  };
}

/** Registers the worker and, if needed, reloads once for isolation. Never throws; does nothing in dev. */
export async function registerServiceWorker(env: RegistrationEnvironment = browserEnvironment()): Promise<void> {
  const { container, storage } = env;
  if (env.dev || !container) return;
  // Whether this page load itself went through a worker, read before anything can claim the page.
  const controlledAtLoad = container.controller !== null;
  try {
    if (env.isolated) storage?.removeItem(RELOAD_FLAG);
    await env.loaded;
    const registration = await container.register(env.scriptUrl, { scope: env.scope });
    if (!storage) return;
    const reloadOnce = (): void => {
      if (storage.getItem(RELOAD_FLAG) !== null) return;
      storage.setItem(RELOAD_FLAG, String(Date.now()));
      env.reload();
    };
    const step = isolationStep({
      isolated: env.isolated,
      controlled: controlledAtLoad,
      active: registration.active !== null || container.controller !== null,
      reloadedBefore: storage.getItem(RELOAD_FLAG) !== null,
    });
    if (step === 'reload') reloadOnce();
    else if (step === 'reload-when-controlled') container.addEventListener('controllerchange', reloadOnce, { once: true });
  } catch (error) {
    // No worker (private mode, blocked, a host without sw.js): the app works online as before.
    console.warn(`Phasegate: no offline copy or isolation from the service worker: ${error instanceof Error ? error.message : String(error)}`);
  }
}
