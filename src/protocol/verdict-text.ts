/**
 * A completed run's verdict in words, the same on the page and in the CLI: "tests pass" only when
 * the engine saw them pass on the final files, "no tests found" when its check found none,
 * "not checked" when no check ran at all. Empty when the run recorded no verdict.
 */
export function verdictText(verified: boolean | 'unknown' | null | undefined, noTestsFound: boolean): string {
  if (verified === true) return 'tests pass';
  if (verified === false) return 'not verified';
  if (verified === 'unknown') return noTestsFound ? 'no tests found' : 'not checked';
  return '';
}
