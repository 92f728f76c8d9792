import type { PushSettlement } from './fan-alert-pushes.repository.js';
import type { PushAnswer } from './push-transport.js';

/** A delivery is tried this many times at most (the first send and four retries). */
export const PUSH_MAX_ATTEMPTS = 5;
const FIRST_RETRY_S = 30;
const LONGEST_WAIT_S = 3_600;

/** Retry-After as seconds (RFC 9110: a number of seconds or an HTTP date); null when unreadable. */
function retryAfterSeconds(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
}

/**
 * What to do after a push service's answer (RFC 8030): 2xx delivered; 404/410 the subscription is
 * gone for good; 429, 5xx or no answer try again later (after Retry-After when it says, never
 * sooner than the back-off) until the attempts run out; any other 4xx will not get better.
 */
export function pushOutcome(answer: PushAnswer, attempts: number, now: Date): PushSettlement {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 0 || status === 429 || status >= 500) {
    if (attempts >= PUSH_MAX_ATTEMPTS) return { kind: 'failed', status };
    const backoff = FIRST_RETRY_S * 2 ** (attempts - 1);
    const wait = Math.min(
      LONGEST_WAIT_S,
      Math.max(backoff, retryAfterSeconds(answer.retryAfter, now) ?? 0),
    );
    return { kind: 'retry', status, at: new Date(now.getTime() + wait * 1000) };
  }
  return { kind: 'failed', status };
}
