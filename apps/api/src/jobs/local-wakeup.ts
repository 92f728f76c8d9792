import { EventEmitter } from 'node:events';

/**
 * A job queued by this process's HTTP side wakes this process's worker at once instead of at its
 * next poll: with `npm start` both run in one process, and a clip is ready a poll interval sooner.
 * Workers in other processes are not reached and keep polling, which is still correct.
 */
const wakeups = new EventEmitter();
wakeups.setMaxListeners(100);

export const localWakeup = {
  /** Call after the transaction that queued a job has committed. */
  queued(queue: string) {
    wakeups.emit(queue);
  },
  /** Returns a function that stops listening. */
  onQueued(queue: string, wake: () => void): () => void {
    wakeups.on(queue, wake);
    return () => wakeups.off(queue, wake);
  },
};
