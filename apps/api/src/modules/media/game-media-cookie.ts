import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A game's media are served at one address for every viewer, `/media/g/<event>/<file>`, so an
 * edge (deploy/nginx, a CDN) caches each file once for the whole crowd. Access is this cookie,
 * set by /api/events/{id}/playback, scoped to the game's folder (its Path), short-lived
 * (MEDIA_TOKEN_TTL_SECONDS) and renewed by the player asking /playback again.
 *
 * Its value is `<expiry>.<channel>.<key id>.<signature>`, digits and base64url only. The signature
 * is the one a stock edge can check: nginx's `secure_link_md5` over
 * `"<expiry> <channel> <event> <key id> <secret>"`, the event taken from the request's path (so a
 * cookie opens only its own game wherever it is sent), base64url without padding (what
 * `secure_link` compares). MD5 with the secret last is what nginx offers; every field is fixed
 * digits between separators, so no two claims share a signed string (docs/decisions.md).
 */
export const GAME_MEDIA_COOKIE = 'rudy_media';

export const gameMediaPath = (eventId: number) => `/media/g/${eventId}/`;

export const gameMediaUrl = (eventId: number, rest: string) => `${gameMediaPath(eventId)}${rest}`;

export interface GameMediaClaims {
  eventId: number;
  channelId: number;
  /** The API key the cookie was issued to: revoking it (logout) ends the origin's answers. */
  keyId: string;
  expiresAt: Date;
}

const VALUE = /^(\d{1,10})\.(\d{1,10})\.(\d{1,19})\.([A-Za-z0-9_-]{22})$/;

/**
 * Genuine cookies already checked, by game and value: a viewer sends the same cookie with every
 * playlist and segment of its life (a request a second or more), and its signature cannot change
 * its answer within it. Only cookies whose signature held are kept (a forged value costs its
 * signature every time and takes no room), at most this many, least recently used out first; the
 * expiry is compared on every request, so a kept cookie stops opening the game when it expires.
 */
const VERIFIED_COOKIES_MAX = 50_000;

/**
 * The edge secret: MEDIA_EDGE_SECRET (production requires it: the edge's configuration holds the
 * same value), else one derived from the app secret, so a local start needs nothing more.
 */
export function edgeSecretOf(configured: string | undefined, appSecret: string): string {
  return (
    configured ?? createHmac('sha256', appSecret).update('rudy media edge v1').digest('base64url')
  );
}

export function createGameMediaCookies(secret: string, ttlSeconds: number) {
  const signature = (expiry: number, channelId: number, eventId: number, keyId: string) =>
    createHash('md5')
      .update(`${expiry} ${channelId} ${eventId} ${keyId} ${secret}`)
      .digest('base64url');

  /** The claims of a genuine, unexpired cookie, the signature computed and compared. */
  function check(value: string, eventId: number, now: Date): GameMediaClaims | null {
    const m = VALUE.exec(value);
    if (!m) return null;
    const [, expiry = '', channel = '', keyId = '', given = ''] = m;
    const expected = Buffer.from(signature(Number(expiry), Number(channel), eventId, keyId));
    const presented = Buffer.from(given);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      return null;
    }
    const expiresAt = new Date(Number(expiry) * 1000);
    if (expiresAt <= now) return null;
    return { eventId, channelId: Number(channel), keyId, expiresAt };
  }
  const verified = new LRUCache<string, GameMediaClaims>({ max: VERIFIED_COOKIES_MAX });

  return {
    ttlSeconds,

    /** The cookie's value for these claims (its expiry in whole seconds, rounded up). */
    value(c: GameMediaClaims): string {
      const expiry = Math.ceil(c.expiresAt.getTime() / 1000);
      return `${expiry}.${c.channelId}.${c.keyId}.${signature(expiry, c.channelId, c.eventId, c.keyId)}`;
    },

    /**
     * The Set-Cookie header that gives this browser the game's media (claims signed just now,
     * for ttlSeconds: the browser keeps the cookie as long as the signature holds).
     */
    header(c: GameMediaClaims, secure: boolean): string {
      return `${GAME_MEDIA_COOKIE}=${this.value(c)}; Path=${gameMediaPath(c.eventId)}; Max-Age=${ttlSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },

    /** Removes the game's cookie from this browser (its access ended). */
    clearHeader(eventId: number, secure: boolean): string {
      return `${GAME_MEDIA_COOKIE}=; Path=${gameMediaPath(eventId)}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },

    /**
     * The claims of a genuine, unexpired cookie for this game; null otherwise. The signature is
     * checked once per game and value (`verified`), the expiry every time.
     */
    verify(value: string | undefined, eventId: number, now: Date): GameMediaClaims | null {
      if (!value) return null;
      const cacheKey = `${eventId} ${value}`;
      const known = verified.get(cacheKey);
      if (known) return known.expiresAt > now ? known : null;
      const claims = check(value, eventId, now);
      if (claims) verified.set(cacheKey, claims);
      return claims;
    },
  };
}
export type GameMediaCookies = ReturnType<typeof createGameMediaCookies>;
