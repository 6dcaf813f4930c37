import type { RuntimeInfo, SandboxInfo } from '../protocol/events';
import { NODE_RUNTIME } from './node-runtime/node-info';
import { normalizeAbsolutePath } from './paths';
import { PYTHON_RUNTIME } from './python/python-info';

/** What the virtual sandbox says about itself, known before just-bash loads (see LazyVirtualSandbox). */
export const DEFAULT_VIRTUAL_WORKDIR = '/workspace';

export function virtualWorkdir(workdir: string | undefined): string {
  return normalizeAbsolutePath(workdir ?? DEFAULT_VIRTUAL_WORKDIR);
}

/** The runtimes a virtual sandbox made with these options offers: node always (QuickJS), python3 when given one. */
export function virtualRuntimes(options: { python?: unknown }): RuntimeInfo[] {
  return options.python ? [NODE_RUNTIME, PYTHON_RUNTIME] : [NODE_RUNTIME];
}

export function virtualSandboxInfo(reason: string | undefined, runtimes: RuntimeInfo[] = []): SandboxInfo {
  return { kind: 'virtual', label: 'Virtual sandbox', reason: reason ?? 'works offline, no setup needed', ...(runtimes.length > 0 ? { runtimes } : {}) };
}
