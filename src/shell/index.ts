export { type ClassifyOptions, type CommandVerdict, type Finding, type FindingKind, DEFAULT_WORKDIR, classifyCommand } from './classify';
export { type CommandCheck, type ShellRule, ShellRuleSchema, checkCommand, decide } from './check-command';
export {
  type ReadWorkspaceFile,
  MAX_FILE_BYTES,
  MAX_FILE_ROUNDS,
  MAX_FILES,
  MAX_TOTAL_BYTES,
  checkCommandWithFiles,
  classifyWithFiles,
} from './classify-with-files';
export { type UserCommandRules, UserCommandPatternSchema, UserCommandRulesSchema } from './user-rules-schema';
/** Variables that make read-only programs run code; a stricter phase should not inherit them from the shell. */
export { DANGEROUS_VARIABLES } from './command-tables';
