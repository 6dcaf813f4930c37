import type { Sandbox } from '../sandbox/port';

/**
 * Shell state that changes how later commands resolve paths or start: CDPATH sends a
 * relative `cd` elsewhere, BASH_ENV and ENV name a file a starting shell runs, and a
 * directory entered through a link makes `..` mean one thing to `cd` and another to every
 * other command. The gate judges a command against the directory it thinks the shell is
 * in; with these, the shell can be somewhere else. Under `not_destructive` they do not
 * outlive the command that set them.
 */
export const PATH_STATE_VARIABLES = ['CDPATH', 'BASH_ENV', 'ENV'] as const;

/** In every command the reset runs, so a log or a test can tell them from the model's. */
export const PATH_STATE_MARK = '__phasegate_path_state__';
const MARK = PATH_STATE_MARK;

/**
 * Names the variables that are set and not empty (empty ones do nothing), unsets them, then prints the physical and the logical
 * directory. No assignments: the adapters carry every shell variable to the next command.
 */
const PROBE = [
  `echo "${MARK} ${PATH_STATE_VARIABLES.map((name) => `\${${name}:+${name},}`).join('')}"`,
  `unset ${PATH_STATE_VARIABLES.join(' ')}`,
  'pwd -P',
  'echo "$PWD"',
].join('; ');

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Resets the path state of `sandbox`'s shell and says what it was ("CDPATH set", "the
 * shell in /workspace/r (really /, through a link)"), or null when there was none. The shell is moved to
 * the real directory it was in, so the gate and the shell agree on where it is.
 */
export async function resetPathState(sandbox: Sandbox): Promise<string | null> {
  const probe = await sandbox.exec(PROBE);
  const lines = probe.stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith(MARK));
  if (at === -1) return null;
  const found: string[] = [];
  const variables = (lines[at] as string)
    .slice(MARK.length)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (variables.length > 0) found.push(`${variables.join(', ')} set`);
  const physical = lines[at + 1];
  const logical = lines[at + 2];
  if (physical?.startsWith('/') && logical?.startsWith('/') && physical !== logical) {
    await sandbox.exec(`cd -- ${quote(physical)} # ${MARK}`);
    found.push(`the shell in ${logical} (really ${physical}, through a link)`);
  }
  return found.length > 0 ? found.join(' and ') : null;
}
