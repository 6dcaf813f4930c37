import { createInterface, type Interface } from 'node:readline';
import type { ApprovalAnswer, ApprovalChannel, ApprovalRequest } from '../engine/approvals';
import { promptLine, type Terminal } from './human-answers';
import { terminalSafe } from './terminal-safe';

/** `--approve ask`: what the terminal shows and how a typed line reads. */
const CHOICES = 'y = approve, a = approve all of this kind, n [reason] = deny';

/**
 * `run --approve ask`: each command and edit is shown on stderr and waits for a line of stdin:
 * "y" approves, "a" approves every later call of the kind too, "n [reason]" denies. stdin need not
 * be a terminal (answers can be piped, one a line); when it ends, the call is denied ("no answer").
 */
export class CliApprovals implements ApprovalChannel {
  private readonly lines: LineSource;

  constructor(terminal: Terminal & { interactive: boolean }) {
    this.lines = terminal.interactive ? { next: (prompt, signal) => promptLine(terminal, prompt, signal), close: () => undefined } : new PipedLines(terminal);
  }

  async decide(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    let prompt = renderRequest(request);
    for (;;) {
      const line = await this.lines.next(prompt, signal);
      if (line === null) return { decision: 'denied', reason: 'no answer', via: 'terminal' };
      const answer = readDecision(line);
      if (answer) return answer;
      prompt = `Answer ${CHOICES}: `;
    }
  }

  /** Lets stdin go once the run is over. */
  close(): void {
    this.lines.close();
  }
}

/** A typed line as a decision; null when it is none of them. */
export function readDecision(line: string): ApprovalAnswer | null {
  const match = /^\s*(\S+)\s*(.*?)\s*$/.exec(line);
  const word = match?.[1]?.toLowerCase() ?? '';
  const rest = match?.[2] ?? '';
  if (word === 'y' || word === 'yes') return { decision: 'approved', via: 'terminal' };
  if (word === 'a' || word === 'all') return { decision: 'approved_all', via: 'terminal' };
  if (word === 'n' || word === 'no') return { decision: 'denied', ...(rest === '' ? {} : { reason: rest }), via: 'terminal' };
  return null;
}

function renderRequest(request: ApprovalRequest): string {
  const what = request.kind === 'command' ? 'Run this command' : 'Make this edit';
  const detail = request.detail === undefined ? '' : `\n${terminalSafe(request.detail)}`;
  return `\n? ${what}? ${terminalSafe(request.summary)}${detail}\nApprove (${CHOICES}): `;
}

interface LineSource {
  next(prompt: string, signal: AbortSignal): Promise<string | null>;
  close(): void;
}

/**
 * Lines of a piped stdin, read through one reader for the whole run: a reader opened per prompt
 * would take the lines after its own with it when it closes.
 */
class PipedLines implements LineSource {
  private reader: Interface | null = null;
  private readonly queue: string[] = [];
  private ended = false;
  private waiter: ((line: string | null) => void) | null = null;

  constructor(private readonly terminal: Terminal) {}

  next(prompt: string, signal: AbortSignal): Promise<string | null> {
    this.terminal.output.write(prompt);
    this.reader ??= this.open();
    const ready = this.queue.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.waiter = null;
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiter = (line) => {
        signal.removeEventListener('abort', onAbort);
        this.waiter = null;
        resolve(line);
      };
    });
  }

  close(): void {
    this.reader?.close();
  }

  private open(): Interface {
    const reader = createInterface({ input: this.terminal.input, terminal: false, crlfDelay: Infinity });
    reader.on('line', (line) => (this.waiter ? this.waiter(line) : this.queue.push(line)));
    reader.on('close', () => {
      this.ended = true;
      this.waiter?.(null);
    });
    return reader;
  }
}
