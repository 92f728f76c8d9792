import { STORAGE_DEFAULT_TTL_MS } from '@rudy/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, getItem, removeItem, setItem } from './storage';

afterEach(() => vi.useRealTimers());

describe('storage', () => {
  it('keeps values under the rudy_ prefix', () => {
    setItem(STORAGE_KEYS.locale, 'fr');
    expect(localStorage.getItem('rudy_locale')).toContain('"fr"');
    expect(getItem(STORAGE_KEYS.locale)).toBe('fr');
    removeItem(STORAGE_KEYS.locale);
    expect(localStorage.getItem('rudy_locale')).toBeNull();
  });

  it('forgets a value once its time to live has passed', () => {
    vi.useFakeTimers();
    setItem(STORAGE_KEYS.outerTracking, 'spring-promo', 1_000);
    vi.advanceTimersByTime(999);
    expect(getItem(STORAGE_KEYS.outerTracking)).toBe('spring-promo');
    vi.advanceTimersByTime(1);
    expect(getItem(STORAGE_KEYS.outerTracking)).toBeNull();
    expect(localStorage.getItem('rudy_trk')).toBeNull();
  });

  it('uses the long default time to live when none is given', () => {
    vi.useFakeTimers();
    setItem(STORAGE_KEYS.cookieConsent, true);
    vi.advanceTimersByTime(STORAGE_DEFAULT_TTL_MS - 1);
    expect(getItem(STORAGE_KEYS.cookieConsent)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getItem(STORAGE_KEYS.cookieConsent)).toBeNull();
  });

  it('drops entries it cannot read instead of trusting them', () => {
    localStorage.setItem('rudy_api_key', 'not json');
    expect(getItem(STORAGE_KEYS.apiKey)).toBeNull();
    expect(localStorage.getItem('rudy_api_key')).toBeNull();
  });
});
