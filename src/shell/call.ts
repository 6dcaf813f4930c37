import { type Arg, showArgv } from './words';

/** One command about to be judged: its resolved name, its argument words, how to show it. */
export interface Call {
  name: string;
  args: readonly Arg[];
  /** `'rm -rf x'`: the command as written, quoted for messages. */
  shown: string;
}

export function makeCall(name: string, argv: readonly Arg[]): Call {
  return { name, args: argv.slice(1), shown: `'${showArgv(argv)}'` };
}
