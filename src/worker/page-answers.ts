import type { HumanAnswer, HumanChannel, HumanQuestion } from '../tools/tool';

interface Waiting {
  resolve(answer: HumanAnswer): void;
}

/**
 * The page answers the agent's questions: a question waits here until the page sends its
 * answer ("Send answer") or the run stops. An answer given for a question of an interrupted
 * session (after a reload) is kept until the resumed run asks that question again.
 */
export class PageAnswers implements HumanChannel {
  readonly interactive = true;
  private readonly waiting = new Map<string, Waiting>();
  private readonly early = new Map<string, string>();

  ask(question: HumanQuestion, signal: AbortSignal): Promise<HumanAnswer | null> {
    const ready = this.early.get(question.callId);
    if (ready !== undefined) {
      this.early.delete(question.callId);
      return Promise.resolve({ answer: ready, via: 'page' });
    }
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.waiting.delete(question.callId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(question.callId, {
        resolve: (answer) => {
          signal.removeEventListener('abort', onAbort);
          this.waiting.delete(question.callId);
          resolve(answer);
        },
      });
    });
  }

  /** The page's answer to a waiting question; false when no question with that id waits. */
  answer(callId: string, text: string): boolean {
    const waiting = this.waiting.get(callId);
    if (!waiting) return false;
    waiting.resolve({ answer: text, via: 'page' });
    return true;
  }

  /** An answer for a question the resumed run will ask again (it waited when the page went away). */
  answerAhead(callId: string, text: string): void {
    this.early.set(callId, text);
  }
}
