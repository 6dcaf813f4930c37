import { type Command, defineCommand, type ScriptNode, type SimpleCommandNode, type TransformPlugin } from 'just-bash';
import { forEachNodeBottomUp } from './ast-objects';

type RedirectionNode = SimpleCommandNode['redirections'][number];

/**
 * just-bash keeps /dev/* as plain files: what is written to /dev/null stays there, and
 * only the literal targets /dev/stdout and /dev/stderr of a redirection reach the streams.
 * The virtual sandbox fills the gaps in three places: its file system drops writes to the
 * paths below and refuses to create any other path under /dev (virtual-fs.ts), the plugin here turns /dev/fd/N redirections into what
 * just-bash understands, and the commands here read stdin for a /dev/stdin operand.
 */
export const DEVICE_PATHS: ReadonlySet<string> = new Set([
  '/dev/null',
  '/dev/zero',
  '/dev/full',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/fd/0',
  '/dev/fd/1',
  '/dev/fd/2',
]);

/**
 * A path under /dev that is none of DEVICE_PATHS: the sandbox has no terminal (/dev/tty) and
 * no descriptor past 2 (/dev/fd/5), so a write there fails, as it would in a shell without
 * them, rather than leave a plain file behind.
 */
export function isMissingDevice(path: string): boolean {
  return path.startsWith('/dev/') && !DEVICE_PATHS.has(path) && path !== '/dev/fd';
}

const STDIN_PATHS: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0']);
const OUTPUT_ALIASES: ReadonlyMap<string, string> = new Map([
  ['/dev/fd/1', '/dev/stdout'],
  ['/dev/fd/2', '/dev/stderr'],
]);

function literalTarget(redirection: RedirectionNode): string | null {
  if (redirection.target.type !== 'Word') return null;
  const [part, ...rest] = redirection.target.parts;
  return rest.length === 0 && part?.type === 'Literal' ? part.value : null;
}

/** Rewrites one redirection; null drops it (`< /dev/stdin` leaves stdin as it is). */
function rewrite(redirection: RedirectionNode): RedirectionNode | null {
  const target = literalTarget(redirection);
  if (target === null) return redirection;
  const readsStdin = redirection.operator === '<' && (redirection.fd === null || redirection.fd === 0);
  if (readsStdin && STDIN_PATHS.has(target)) return null;
  const alias = OUTPUT_ALIASES.get(target);
  if (alias === undefined || redirection.target.type !== 'Word') return redirection;
  return { ...redirection, target: { ...redirection.target, parts: [{ type: 'Literal', value: alias }] } };
}

function rewriteAll(ast: ScriptNode): void {
  forEachNodeBottomUp(ast, (record) => {
    const redirections = record.redirections;
    if (Array.isArray(redirections)) {
      record.redirections = (redirections as RedirectionNode[]).map(rewrite).filter((r): r is RedirectionNode => r !== null);
    }
  });
}

/** The just-bash transform plugin for /dev/fd/0, /dev/fd/1, /dev/fd/2 and `< /dev/stdin`. */
export const deviceRedirectPlugin: TransformPlugin = {
  name: 'device-redirections',
  transform({ ast }: { ast: ScriptNode }) {
    rewriteAll(ast);
    return { ast };
  },
};

/** Built-in commands that read stdin for a "-" operand (checked against just-bash 3.4). */
const STDIN_DASH_COMMANDS = [
  'cat',
  'grep',
  'sed',
  'sort',
  'uniq',
  'wc',
  'cut',
  'tac',
  'rev',
  'od',
  'paste',
  'base64',
  'md5sum',
  'sha256sum',
  'strings',
  'column',
  'jq',
];

/** The built-in command, with a /dev/stdin or /dev/fd/0 operand passed as "-". */
function readingStdin(name: string): Command {
  return defineCommand(name, async (args, ctx) => {
    if (!ctx.origCommand) return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
    return ctx.origCommand(args.map((arg) => (STDIN_PATHS.has(arg) ? '-' : arg)));
  });
}

export const stdinDeviceCommands: Command[] = STDIN_DASH_COMMANDS.map(readingStdin);
