import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a media token allows. Of an event: `p` play (playlists, segments, assets), `a` assets only
 * (poster, thumbnails, previews: shown to viewers who may not watch), `d` the download file only.
 * Of a clip: `c` play (playlist, segments, poster), `x` its MP4 only. Of a VOD library item: `v`
 * play (playlists, segments, thumbnails). `s` the page shell's poster of an event: issued with no API
 * key (SHELL_KEY_ID) by the server that writes a watch page's HTML, so the page shows the game's
 * poster before the visitor has a key; images under assets/ only, short-lived (SHELL_TOKEN_MS).
 */
export type MediaScope = 'p' | 'a' | 'd' | 'c' | 'x' | 'v' | 's';

/** The key id written into an `s` token: no key was issued (real key ids start at 1). */
export const SHELL_KEY_ID = '0';

/** What a token's subject id names: each /media route accepts only its own kind's scopes. */
export type MediaSubject = 'event' | 'clip' | 'vod';
export const SUBJECT_OF_SCOPE: Readonly<Record<MediaScope, MediaSubject>> = {
  p: 'event',
  a: 'event',
  d: 'event',
  c: 'clip',
  x: 'clip',
  v: 'vod',
  s: 'event',
};

export interface MediaClaims {
  scope: MediaScope;
  /** The event (scopes p, a, d), the clip (c, x) or the VOD item (v) the token opens. */
  subjectId: number;
  channelId: number;
  /** The API key the token was issued to: revoking the key (logout) ends its media access. */
  keyId: string;
  expiresAt: Date;
}

const SIG_CHARS = 32;
const TOKEN = /^([padcxvs])\.(\d{1,12})\.(\d{1,10})\.(\d{1,10})\.(\d{1,19})\.([A-Za-z0-9_-]{32})$/;

/**
 * Media tokens ride in the URL path (`/media/e/<event>/<token>/...`), so every playlist, segment
 * and image a player resolves relative to the master playlist carries the token without rewriting
 * the playlists. Format: scope.expiry.channel.event.key.signature, all path-safe; the signature is
 * an HMAC-SHA256 (truncated to 192 bits) under a key derived from the server secret.
 */
export function createMediaTokens(secret: string) {
  const key = createHmac('sha256', secret).update('rudy media token v1').digest();
  const sign = (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIG_CHARS);

  return {
    sign(c: MediaClaims): string {
      const expiry = Math.ceil(c.expiresAt.getTime() / 1000);
      const payload = `${c.scope}.${expiry}.${c.channelId}.${c.subjectId}.${c.keyId}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The claims of a well-formed, authentic, unexpired token; null otherwise. */
    verify(token: string, now: Date): MediaClaims | null {
      const m = TOKEN.exec(token);
      if (!m) return null;
      const [, scope, expiry, channel, event, keyId, signature] = m;
      const payload = `${scope}.${expiry}.${channel}.${event}.${keyId}`;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = new Date(Number(expiry) * 1000);
      if (expiresAt <= now) return null;
      return {
        scope: scope as MediaScope,
        subjectId: Number(event),
        channelId: Number(channel),
        keyId: keyId ?? '',
        expiresAt,
      };
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
