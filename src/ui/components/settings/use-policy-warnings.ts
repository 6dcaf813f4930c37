import { useEffect, useState } from 'react';
import type { Mode } from '../../../protocol/settings';

/** The worker's answer: what a valid policy sets that would never take effect in this mode ([] when invalid). */
export type PolicyWarningsOf = (text: string, mode: Mode, finalCheck: boolean) => Promise<string[]>;

/** Typing pauses this long before the warnings are asked for (as for the policy check). */
const WARNINGS_DELAY_MS = 250;

/**
 * What the typed policy sets that a run in the chosen mode would never use, asked of the worker as
 * the policy, the mode or the final-check switch change, so Settings says it before a run does.
 */
export function usePolicyWarnings(open: boolean, text: string, mode: Mode, finalCheck: boolean, warningsOf: PolicyWarningsOf): string[] {
  const [warnings, setWarnings] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      warningsOf(text, mode, finalCheck).then(
        (found) => current && setWarnings(found),
        // A failed ask leaves the warnings out; the run still says them as notices.
        () => current && setWarnings([]),
      );
    }, WARNINGS_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text, mode, finalCheck, warningsOf]);
  return open ? warnings : [];
}
