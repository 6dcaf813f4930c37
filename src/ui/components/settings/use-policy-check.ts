import { useCallback, useEffect, useRef } from 'react';
import { type CheckPolicy, policyProblem } from '../../settings/policy-problem';

/** Typing pauses this long before the policy is checked. */
const POLICY_CHECK_DELAY_MS = 250;

/** A check's answer, or null when a newer check or a close superseded it. */
export type PolicyAnswer = { problem: string | null } | null;

/**
 * Checks the policy text as it is typed, so its error shows before Save, and returns
 * the check Save runs. `showProblem` must keep its identity across renders.
 */
export function usePolicyCheck(open: boolean, text: string, checkPolicy: CheckPolicy, showProblem: (problem: string | null) => void) {
  // Bumped by every check and every close: an answer that arrives late is dropped.
  const seq = useRef(0);

  useEffect(() => {
    if (!open) {
      seq.current++;
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      void policyProblem(checkPolicy, text).then((problem) => {
        if (mine === seq.current) showProblem(problem);
      });
    }, POLICY_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, text, checkPolicy, showProblem]);

  return useCallback(
    async (current: string): Promise<PolicyAnswer> => {
      const mine = ++seq.current;
      const problem = await policyProblem(checkPolicy, current);
      return mine === seq.current ? { problem } : null;
    },
    [checkPolicy],
  );
}
