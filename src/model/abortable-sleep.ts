import { ModelError } from './port';

/** Waits `ms` milliseconds; rejects with ModelError 'aborted' as soon as the signal fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortedError(): ModelError {
  return new ModelError('the model request was cancelled', 'aborted', false);
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortedError();
}
