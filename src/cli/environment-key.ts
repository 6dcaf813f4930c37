/** The CLI's API key: PHASEGATE_API_KEY, else OPENAI_API_KEY (empty when neither is set). */
export function environmentKey(): string {
  return process.env.PHASEGATE_API_KEY ?? process.env.OPENAI_API_KEY ?? '';
}

/**
 * Every key the environment names, for redacting what the CLI writes or prints: a session file
 * saved before keys were kept out of snapshots may still hold one.
 */
export function environmentSecrets(): string[] {
  return [process.env.PHASEGATE_API_KEY, process.env.OPENAI_API_KEY].filter((key): key is string => key !== undefined && key !== '');
}
