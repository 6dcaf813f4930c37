import { type ParsedArgs, stringFlag, UsageError } from './args';

/** `--policy JSON`: policy overrides for `run` and `check-command`; the engine's policy resolver checks them. */
export function policyFromArgs(args: ParsedArgs): unknown {
  const text = stringFlag(args, 'policy');
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('--policy must be JSON, e.g. {"phases":{"planning":{"autoAdvanceAfter":5}}} or {"commands":{"deny":["git push"]}}');
  }
}
