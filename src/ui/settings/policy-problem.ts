import { messageOf } from '../../protocol/error-message';

/** The worker's policy check: null when the JSON text is a valid policy, else what is wrong. */
export type CheckPolicy = (text: string) => Promise<string | null>;

/** What is wrong with the typed policy, or null; empty text means the defaults and needs no check. */
export async function policyProblem(checkPolicy: CheckPolicy, text: string): Promise<string | null> {
  if (text.trim() === '') return null;
  try {
    return await checkPolicy(text);
  } catch (error) {
    return `The policy could not be checked: ${messageOf(error)}`;
  }
}
