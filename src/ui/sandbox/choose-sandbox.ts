import type { SandboxPreference } from '../../protocol/settings';
import { PYTHON_WORKSPACE_REASON } from './python-workspace';
import type { RememberedFailure } from './remembered-failure';

export interface SandboxChoiceInput {
  preference: SandboxPreference;
  crossOriginIsolated: boolean;
  online: boolean;
  remembered: RememberedFailure | null;
  /** "Try WebContainer" was pressed: the memory and the probe are skipped. */
  forceBoot: boolean;
  /** The workspace has Python files (python-workspace.ts); absent: it has none. */
  pythonWorkspace?: boolean;
}

/** The check that decided, for tests and the status's data attribute. */
export type SandboxCheck = 'settings' | 'python' | 'isolation' | 'online' | 'remembered' | 'probe' | 'boot' | 'switched';

export type SandboxChoice = { use: 'virtual'; check: SandboxCheck; reason: string; offerWebContainer: boolean } | { use: 'probe-then-boot' } | { use: 'boot' };

function formatWhen(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/**
 * The checks that can be answered at once, in order. Only 'auto' consults the workspace's Python
 * files, the remembered failure and the probe: an explicit 'webcontainer' (or "Try WebContainer")
 * always waits for the boot (and a Python workspace is warned that python3 is missing there).
 */
export function chooseSandbox(input: SandboxChoiceInput): SandboxChoice {
  if (input.preference === 'virtual') return { use: 'virtual', check: 'settings', reason: 'chosen in Settings', offerWebContainer: false };
  // The virtual sandbox runs python3 (Pyodide); WebContainer has none. No "Try WebContainer": a switch
  // would start from WebContainer's own files, leaving the imported project behind; Settings can still choose it.
  if (input.pythonWorkspace === true && input.preference === 'auto' && !input.forceBoot) {
    return { use: 'virtual', check: 'python', reason: PYTHON_WORKSPACE_REASON, offerWebContainer: false };
  }
  if (!input.crossOriginIsolated) {
    return {
      use: 'virtual',
      check: 'isolation',
      reason: 'the page is not cross-origin isolated (crossOriginIsolated is false), which WebContainer needs',
      offerWebContainer: false,
    };
  }
  if (!input.online) return { use: 'virtual', check: 'online', reason: 'the browser is offline (navigator.onLine is false)', offerWebContainer: false };
  if (input.preference === 'webcontainer' || input.forceBoot) return { use: 'boot' };
  if (input.remembered) {
    return {
      use: 'virtual',
      check: 'remembered',
      reason: `WebContainer failed earlier in this browser (${formatWhen(input.remembered.at)}): ${input.remembered.reason}`,
      offerWebContainer: true,
    };
  }
  return { use: 'probe-then-boot' };
}
