import { listScenarios } from '../model/scenarios';
import { UsageError, parseArgs } from './args';
import { runTaskCommand } from './run-task';

const USAGE = `usage: npm run -s agent -- <command> [options]

commands:
  run --task TEXT [--model scripted:NAME | --base-url URL --model NAME] [--mode react|plan_exec]
      [--max-iterations N] [--workspace DIR] [--json]
                 run the engine headless on the virtual sandbox (JSONL events with --json);
                 the API key comes from PHASEGATE_API_KEY or OPENAI_API_KEY
  scenarios      list the scripted scenarios`;

const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
      return runTaskCommand(parseArgs(rest, new Set(['json'])), out);
    case 'scenarios':
      for (const s of listScenarios()) out(`${s.name.padEnd(14)} ${s.title} — ${s.description}`);
      return 0;
    case undefined:
    case 'help':
    case '--help':
      out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
