import type { ApprovalAnswer, ApprovalChannel, ApprovalRequest } from '../engine/approvals';
import type { ApprovalDecision } from '../protocol/events';

/**
 * The page approves or denies the calls "Ask before" holds: a request waits here until the page
 * sends the decision (the approval card's buttons) or the run stops.
 */
export class PageApprovals implements ApprovalChannel {
  private readonly waiting = new Map<string, (answer: ApprovalAnswer) => void>();

  decide(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.waiting.delete(request.callId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(request.callId, (answer) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(request.callId);
        resolve(answer);
      });
    });
  }

  /** The page's decision on a waiting request; false when no request with that id waits. */
  decideFromPage(callId: string, decision: ApprovalDecision, reason?: string): boolean {
    const resolve = this.waiting.get(callId);
    if (!resolve) return false;
    resolve({ decision, ...(reason ? { reason } : {}), via: 'page' });
    return true;
  }
}
