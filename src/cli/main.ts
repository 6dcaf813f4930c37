import { listScenarios } from '../model/scenarios';
import { messageOf } from '../protocol/error-message';
import { parseArgs, UsageError } from './args';
import { RUN_SWITCHES, runTaskCommand } from './run-task';
import { stdinLines } from './stdin-lines';
import { terminalSafe } from './terminal-safe';

const USAGE = `usage: npm run -s agent -- <command> [options]

commands:
  run --task TEXT [--model scripted:NAME | --base-url URL --model NAME] [--mode react|plan_exec|orchestrator]
      [--max-review-rounds N] [--policy JSON] [--max-iterations N] [--workspace DIR] [--allow-destructive] [--json]
      [--save FILE] [--max-recoveries N] [--no-emergency] [--recovery-model NAME] [--answers FILE]
      [--context-window N] [--tokenizer o200k|cl100k] [--temperature X] [--max-output-tokens N]
      [--summary-model NAME [--summary-base-url URL]] [--max-tokens N] [--max-cost USD]
      [--fix-attempts N] [--no-final-check] [--approve auto|ask]
      [--role-model ROLE=NAME] [--role-steps ROLE=N] [--role-instructions ROLE=TEXT]
                 run the engine headless on the virtual sandbox (JSONL events with --json);
                 react mode refuses destructive commands unless --allow-destructive;
                 --save keeps a session file (*.phasegate.json) up to date as it runs;
                 the API key comes from PHASEGATE_API_KEY or OPENAI_API_KEY;
                 --recovery-model asks another model on the same endpoint for the recovery
                 critique (default: the main model; a scripted model answers it itself);
                 the agent's questions (ask_human) are answered from --answers FILE
                 (JSONL {"answer": "..."} in order), then at the terminal (stderr/stdin);
                 with neither, a question ends the run with needs_human;
                 --approve ask (default auto: nothing is asked) shows each command and edit
                 on stderr before it runs and reads y (approve), a (approve all of that
                 kind) or n [reason] (deny; the agent reads the reason) from stdin, a
                 terminal or piped lines; when stdin ends, the call is denied (no answer);
                 --context-window (default: the model's known window, else 32000) and
                 --tokenizer (default o200k) are what the run counts with; --temperature
                 (default 0) and --max-output-tokens (default 16384) go with each request;
                 --summary-model writes the summaries of old turns (default: the main model),
                 on --summary-base-url when given (that server never gets the API key);
                 the run ends with budget_exceeded before a request would pass --max-tokens
                 (prompt and completion tokens) or --max-cost (US dollars, known prices only);
                 on a final answer the engine runs the check itself (the policy's delivery
                 validate, else the detected tests): a failure goes back to the model up to
                 --fix-attempts times (default 3), then ends the run with verification_failed;
                 --no-final-check turns the check off;
                 orchestrator mode runs a planner, a coder and a reviewer, each with a fresh
                 context; a review asking for changes starts a new coder round while fewer
                 than --max-review-rounds (0-5, default 2) reviews ran; ROLE is planner,
                 coder or reviewer, and each role flag may be repeated for other roles:
                 --role-model runs the role on another model of the same endpoint and key
                 (default: the main model), --role-steps caps each of its loops (1-200,
                 default --max-iterations), --role-instructions adds to its prompt
  run --resume FILE [--model … | --base-url URL --model NAME] [--recovery-model NAME] [--save FILE] [--json]
      [--max-recoveries N] [--no-emergency] [--approve auto|ask] [the counting, sampling and budget flags above]
      [--role-model ROLE=NAME …]
                 go on with an interrupted session, writing to FILE (or to --save); the
                 recoveries, the emergency tier, the budgets, the review rounds and the
                 roles' step caps and instructions not given are the session's; the role
                 models are given again like --recovery-model
  show FILE [--json]
                 print a session file's log (JSONL events with --json)
  export FILE --out DIR
                 write a session's final workspace into DIR
  scenarios      list the scripted scenarios
  check-command --phase planning|building|verification|delivery --jsonl
                 classify shell commands read from stdin ({"cmd": "..."} per line)
  symbols FILE [--symbol NAME] [--json] | symbols --jsonl
                 list a file's symbols, or print one symbol's slice
  apply-edit --jsonl
                 apply {"original","search","replace"} edits read from stdin`;

/** Every line the CLI prints may hold text from a model, a file or a command. */
const out = (line: string) => process.stdout.write(`${terminalSafe(line)}\n`);
/** Messages beside the output (a malformed input line…), on stderr. */
const warn = (line: string) => process.stderr.write(`${terminalSafe(line)}\n`);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
      return runTaskCommand(parseArgs(rest, RUN_SWITCHES), out);
    case 'show': {
      const { showCommand } = await import('./show-session');
      return showCommand(parseArgs(rest, new Set(['json'])), out);
    }
    case 'export': {
      const { exportCommand } = await import('./show-session');
      return exportCommand(parseArgs(rest, new Set()), out);
    }
    case 'scenarios':
      for (const s of listScenarios()) out(`${s.name.padEnd(16)} ${s.title} — ${s.description}`);
      return 0;
    case 'check-command': {
      const { checkCommandCommand } = await import('./check-command');
      return checkCommandCommand(parseArgs(rest, new Set(['jsonl'])), stdinLines(), out, warn);
    }
    case 'symbols': {
      const { symbolsCommand } = await import('./symbols');
      return symbolsCommand(parseArgs(rest, new Set(['jsonl', 'json'])), stdinLines(), out, warn);
    }
    case 'apply-edit': {
      const { applyEditCommand } = await import('./apply-edit');
      return applyEditCommand(parseArgs(rest, new Set(['jsonl'])), stdinLines(), out, warn);
    }
    case undefined:
    case 'help':
    case '--help':
      out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

// A reader that stops early (`… | head -1`) closes stdout: end quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`error: ${terminalSafe(messageOf(error))}\n`);
      process.exitCode = 1;
    }
  },
);
