/**
 * Variables every command of a read-only phase runs with. Pagers would run
 * whatever a variable or a config file names, and git runs the command in a
 * repository's core.fsmonitor on `git status`: a file written while building
 * must not run code while planning or verifying. npm writes no debug log or
 * update check into its cache (outside the workspace, where a change is refused).
 */
export const READ_ONLY_ENV: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'core.fsmonitor',
  GIT_CONFIG_VALUE_0: 'false',
  GIT_CONFIG_KEY_1: 'core.pager',
  GIT_CONFIG_VALUE_1: 'cat',
  npm_config_logs_max: '0',
  npm_config_update_notifier: 'false',
};
