import type { SandboxInfo } from '../protocol/events';
import { NODE_RUNTIME_DESCRIPTION } from './node-runtime/node-info';
import { normalizeAbsolutePath } from './paths';
import { PYTHON_RUNTIME_DESCRIPTION } from './python/python-info';

/** What the virtual sandbox says about itself, known before just-bash loads (see LazyVirtualSandbox). */
export const DEFAULT_VIRTUAL_WORKDIR = '/workspace';

export function virtualWorkdir(workdir: string | undefined): string {
  return normalizeAbsolutePath(workdir ?? DEFAULT_VIRTUAL_WORKDIR);
}

/** What each runtime a virtual sandbox may have runs, as the system prompt says it (`SandboxInfo.runtimes` names them). */
export const VIRTUAL_RUNTIME_DESCRIPTIONS: Readonly<Record<string, string>> = {
  node: NODE_RUNTIME_DESCRIPTION,
  python3: PYTHON_RUNTIME_DESCRIPTION,
};

/** The runtimes a virtual sandbox made with these options offers: node always (QuickJS), python3 when given one. */
export function virtualRuntimes(options: { python?: unknown }): string[] {
  return options.python ? ['node', 'python3'] : ['node'];
}

export function virtualSandboxInfo(reason: string | undefined, runtimes: string[] = []): SandboxInfo {
  return { kind: 'virtual', label: 'Virtual sandbox', reason: reason ?? 'works offline, no setup needed', ...(runtimes.length > 0 ? { runtimes } : {}) };
}
