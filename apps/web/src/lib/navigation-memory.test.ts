import { OUTER_TRACKING_TTL_MS } from '@rudy/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOuterTracking, storeOuterTracking } from './navigation-memory';

afterEach(() => vi.useRealTimers());

describe('outer tracking', () => {
  it('keeps the trk query value for three hours', () => {
    vi.useFakeTimers();
    storeOuterTracking('?trk=newsletter-42&x=1');
    expect(getOuterTracking()).toBe('newsletter-42');
    vi.advanceTimersByTime(OUTER_TRACKING_TTL_MS - 1);
    expect(getOuterTracking()).toBe('newsletter-42');
    vi.advanceTimersByTime(1);
    expect(getOuterTracking()).toBeNull();
  });

  it('leaves a stored value alone when the page has no trk', () => {
    storeOuterTracking('?trk=a');
    storeOuterTracking('?other=1');
    expect(getOuterTracking()).toBe('a');
  });
});
