import type { RecordedSettings } from '../engine/resume-plan';
import { UsageError } from './args';

/** The flag that sets each recorded setting, in the order they are checked. */
const FLAGS = [
  ['maxRecoveries', '--max-recoveries'],
  ['emergency', '--no-emergency'],
  ['maxTokensPerRun', '--max-tokens'],
  ['maxCostPerRun', '--max-cost'],
  ['contextWindow', '--context-window'],
  ['tokenEncoding', '--tokenizer'],
  ['temperature', '--temperature'],
  ['maxOutputTokens', '--max-output-tokens'],
  ['maxReviewRounds', '--max-review-rounds'],
] as const satisfies readonly (readonly [keyof RecordedSettings, string])[];

function show(value: unknown): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return String(value);
}

/**
 * A resumed run keeps every setting its session file recorded: a flag given with --resume may
 * repeat a recorded value, never change it. A setting an older file never recorded may be given
 * (the run then takes it, as before). Throws a usage error naming the first flag that would change one.
 */
export function refuseChangedSettings(given: RecordedSettings, recorded: RecordedSettings): void {
  for (const [key, flag] of FLAGS) {
    const value = given[key];
    const kept = recorded[key];
    if (value === undefined || kept === undefined || value === kept) continue;
    throw new UsageError(
      `${flag} would change a setting the session recorded (${key}: ${show(kept)}, given ${show(value)}); a resumed run keeps its settings, so leave ${flag} out`,
    );
  }
}
