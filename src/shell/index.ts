export { checkCommand, type CommandCheck, decide, type ShellRule, ShellRuleSchema } from './check-command';
export { classifyCommand, type ClassifyOptions, type CommandVerdict, DEFAULT_WORKDIR, type Finding, type FindingKind } from './classify';
export {
  checkCommandWithFiles,
  classifyWithFiles,
  MAX_FILE_BYTES,
  MAX_FILE_ROUNDS,
  MAX_FILES,
  MAX_TOTAL_BYTES,
  type ReadWorkspaceFile,
} from './classify-with-files';
export { UserCommandPatternSchema, type UserCommandRules, UserCommandRulesSchema } from './user-rules-schema';
/** Variables that make read-only programs run code; a stricter phase should not inherit them from the shell. */
export { DANGEROUS_VARIABLES } from './command-tables';
