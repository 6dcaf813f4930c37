import { BLOCKER_HINT, renderTemplate } from './prompts';

/**
 * Failures only the user can fix, told apart by what commands print: the model is told to ask
 * (ask_human, kind "blocker") instead of retrying. Each pattern names its cause for the hint.
 */
const BLOCKERS: readonly { cause: string; pattern: RegExp }[] = [
  {
    cause: 'an authentication error (missing or wrong credentials)',
    pattern:
      /\b(?:401 Unauthori[sz]ed|403 Forbidden|authentication (?:failed|required)|permission denied \(publickey\)|invalid (?:api[ _-]?key|token|credentials)|E401|ENEEDAUTH|could not read Username|not logged in|access token (?:is )?(?:missing|expired|invalid))\b/i,
  },
  {
    cause: 'no network access (the sandbox cannot reach the service)',
    pattern:
      /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|network is unreachable|could not resolve host|getaddrinfo|temporary failure in name resolution|name or service not known|unable to connect to)\b/i,
  },
  {
    cause: 'a missing secret or setting in the environment',
    pattern: /\b(?:environment variable \S+ (?:is )?(?:not set|missing|required)|missing required (?:env(?:ironment)? variable|secret))\b/i,
  },
];

/** The hint for a failed command's output, or null when it does not look like a blocker. */
export function blockerHint(output: string): string | null {
  const found = BLOCKERS.find(({ pattern }) => pattern.test(output));
  return found ? renderTemplate(BLOCKER_HINT, { cause: found.cause }) : null;
}
