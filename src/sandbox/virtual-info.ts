import type { SandboxInfo } from '../protocol/events';
import { NODE_RUNTIME_DESCRIPTION } from './node-runtime/node-info';
import { normalizeAbsolutePath } from './paths';
import { PYTHON_RUNTIME_DESCRIPTION } from './python/python-info';

/** What the virtual sandbox says about itself, known before just-bash loads (see LazyVirtualSandbox). */
export const DEFAULT_VIRTUAL_WORKDIR = '/workspace';

export function virtualWorkdir(workdir: string | undefined): string {
  return normalizeAbsolutePath(workdir ?? DEFAULT_VIRTUAL_WORKDIR);
}

/**
 * Each runtime a virtual sandbox may have, by command (`SandboxInfo.runtimes` names them): what the
 * system prompt says it runs, and its name where the prompt says it is missing.
 */
export const VIRTUAL_RUNTIMES: Readonly<Record<string, { name: string; description: string }>> = {
  node: { name: 'Node.js', description: NODE_RUNTIME_DESCRIPTION },
  python3: { name: 'Python', description: PYTHON_RUNTIME_DESCRIPTION },
};

/** The runtimes a virtual sandbox made with these options offers: node always (QuickJS), python3 when given one. */
export function virtualRuntimes(options: { python?: unknown }): string[] {
  return options.python ? ['node', 'python3'] : ['node'];
}

export function virtualSandboxInfo(reason: string | undefined, runtimes: string[] = []): SandboxInfo {
  return { kind: 'virtual', label: 'Virtual sandbox', reason: reason ?? 'works offline, no setup needed', ...(runtimes.length > 0 ? { runtimes } : {}) };
}
