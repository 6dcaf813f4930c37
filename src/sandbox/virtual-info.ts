import type { SandboxInfo } from '../protocol/events';
import { normalizeAbsolutePath } from './paths';

/** What the virtual sandbox says about itself, known before just-bash loads (see LazyVirtualSandbox). */
export const DEFAULT_VIRTUAL_WORKDIR = '/workspace';

export function virtualWorkdir(workdir: string | undefined): string {
  return normalizeAbsolutePath(workdir ?? DEFAULT_VIRTUAL_WORKDIR);
}

export function virtualSandboxInfo(reason: string | undefined): SandboxInfo {
  return { kind: 'virtual', label: 'Virtual sandbox', reason: reason ?? 'works offline, no setup needed' };
}
