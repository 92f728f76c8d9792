import { describe, expect, it } from 'vitest';
import { PUSH_MAX_ATTEMPTS, pushOutcome } from './push-outcome.js';

const now = new Date('2031-01-01T00:00:00Z');
const at = (s: number) => new Date(now.getTime() + s * 1000);

describe("what a push service's answer means", () => {
  it('delivered, gone, or refused for good', () => {
    expect(pushOutcome({ status: 201 }, 1, now)).toEqual({ kind: 'sent', status: 201 });
    expect(pushOutcome({ status: 404 }, 1, now)).toEqual({ kind: 'gone' });
    expect(pushOutcome({ status: 410 }, 1, now)).toEqual({ kind: 'gone' });
    expect(pushOutcome({ status: 400 }, 1, now)).toEqual({ kind: 'failed', status: 400 });
    expect(pushOutcome({ status: 413 }, 1, now)).toEqual({ kind: 'failed', status: 413 });
  });

  it('429, 5xx and no answer are retried with a back-off, after Retry-After when given', () => {
    expect(pushOutcome({ status: 503 }, 1, now)).toEqual({
      kind: 'retry',
      status: 503,
      at: at(30),
    });
    expect(pushOutcome({ status: 0 }, 3, now)).toEqual({ kind: 'retry', status: 0, at: at(120) });
    expect(pushOutcome({ status: 429, retryAfter: '600' }, 1, now)).toEqual({
      kind: 'retry',
      status: 429,
      at: at(600),
    });
    const date = new Date(now.getTime() + 90_000).toUTCString();
    expect(pushOutcome({ status: 429, retryAfter: date }, 1, now)).toEqual({
      kind: 'retry',
      status: 429,
      at: at(90),
    });
    // A Retry-After of days is capped: the alert would be stale.
    expect(pushOutcome({ status: 503, retryAfter: '999999' }, 1, now)).toEqual({
      kind: 'retry',
      status: 503,
      at: at(3600),
    });
    expect(pushOutcome({ status: 500 }, PUSH_MAX_ATTEMPTS, now)).toEqual({
      kind: 'failed',
      status: 500,
    });
  });
});
