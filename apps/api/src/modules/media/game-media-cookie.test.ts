import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGameMediaCookies } from './game-media-cookie.js';

// MD5s counted: the signature is one, computed once per game and cookie value.
const hashed = vi.hoisted(() => ({ md5: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const createHash: typeof real.createHash = (algorithm, options) => {
    if (algorithm === 'md5') hashed.md5 += 1;
    return real.createHash(algorithm, options);
  };
  return { ...real, createHash };
});

const SECRET = 'a-secret-of-the-edge-that-is-long-enough';
const t0 = new Date('2026-12-03T12:00:00Z');
const claims = {
  eventId: 7,
  channelId: 3,
  keyId: '42',
  expiresAt: new Date(t0.getTime() + 300_000),
};
const md5s = () => hashed.md5;

describe('game media cookie: verified once per value, its expiry checked every time', () => {
  beforeEach(() => {
    hashed.md5 = 0;
  });

  it('checks a genuine cookie’s signature once for its life', () => {
    const cookies = createGameMediaCookies(SECRET, 300);
    const value = cookies.value(claims);
    hashed.md5 = 0;
    for (let i = 0; i < 5; i += 1) {
      expect(cookies.verify(value, 7, new Date(t0.getTime() + i * 1000))).toMatchObject({
        eventId: 7,
        channelId: 3,
        keyId: '42',
      });
    }
    expect(md5s()).toBe(1);
  });

  it('refuses a kept cookie once it has expired', () => {
    const cookies = createGameMediaCookies(SECRET, 300);
    const value = cookies.value(claims);
    expect(cookies.verify(value, 7, t0)).not.toBeNull();
    expect(cookies.verify(value, 7, claims.expiresAt)).toBeNull();
    expect(cookies.verify(value, 7, new Date(claims.expiresAt.getTime() + 1))).toBeNull();
  });

  it('keeps nothing that opens another game, nor a forged or expired value', () => {
    const cookies = createGameMediaCookies(SECRET, 300);
    const value = cookies.value(claims);
    expect(cookies.verify(value, 7, t0)).not.toBeNull();
    // The same value for another game: its own signature check, and a refusal.
    expect(cookies.verify(value, 8, t0)).toBeNull();
    const forged = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    hashed.md5 = 0;
    expect(cookies.verify(forged, 7, t0)).toBeNull();
    expect(cookies.verify(forged, 7, t0)).toBeNull();
    // A forged value is checked every time (it is never kept).
    expect(md5s()).toBe(2);
    const expired = cookies.value({ ...claims, expiresAt: new Date(t0.getTime() - 1000) });
    expect(cookies.verify(expired, 7, t0)).toBeNull();
    expect(cookies.verify(undefined, 7, t0)).toBeNull();
    expect(cookies.verify('', 7, t0)).toBeNull();
  });

  it('refuses a cookie signed with another secret', () => {
    const other = createGameMediaCookies(`${SECRET}-rotated`, 300);
    const cookies = createGameMediaCookies(SECRET, 300);
    expect(cookies.verify(other.value(claims), 7, t0)).toBeNull();
  });
});
