import { describe, expect, it } from 'vitest';
import { allowedPath, downloadName } from './media-paths.js';
import { chooseStream, decideAccess, dvrSeconds, geoBlockedFor } from './media-rules.js';
import { createMediaTokens, SHELL_KEY_ID } from './media-token.js';
import type { MediaRow } from './media.repository.js';

const tokens = createMediaTokens('x'.repeat(40));
const now = new Date('2026-01-01T12:00:00Z');
const claims = {
  scope: 'p' as const,
  subjectId: 42,
  channelId: 3,
  keyId: '77',
  expiresAt: new Date(now.getTime() + 60_000),
};

describe('media tokens', () => {
  it('round-trips, and refuses tampering, another secret and expiry', () => {
    const token = tokens.sign(claims);
    expect(token).toMatch(/^p\.\d+\.3\.42\.77\.[A-Za-z0-9_-]{32}$/);
    expect(tokens.verify(token, now)).toMatchObject({
      scope: 'p',
      subjectId: 42,
      channelId: 3,
      keyId: '77',
    });
    expect(tokens.verify(token.replace('.42.', '.43.'), now)).toBeNull();
    expect(tokens.verify(token.replace(/^p/, 'd'), now)).toBeNull();
    expect(createMediaTokens('y'.repeat(40)).verify(token, now)).toBeNull();
    expect(tokens.verify(token, new Date(now.getTime() + 61_000))).toBeNull();
    expect(tokens.verify('', now)).toBeNull();
  });

  it('names a clip with its own scopes, which open nothing of an event', () => {
    const clip = tokens.sign({ ...claims, scope: 'c', subjectId: 7 });
    expect(tokens.verify(clip, now)).toMatchObject({ scope: 'c', subjectId: 7 });
    expect(tokens.verify(clip.replace(/^c/, 'p'), now)).toBeNull();
    for (const rest of ['vod/master.m3u8', 'assets/poster.jpg', 'download/event.mp4']) {
      expect(allowedPath('c', rest)).toBe(false);
      expect(allowedPath('x', rest)).toBe(false);
    }
    expect(allowedPath('c', 'index.m3u8')).toBe(true);
    expect(allowedPath('c', 'seg_00003.ts')).toBe(true);
    expect(allowedPath('c', 'poster.jpg')).toBe(true);
    expect(allowedPath('c', 'clip.mp4')).toBe(false);
    expect(allowedPath('x', 'clip.mp4')).toBe(true);
    expect(allowedPath('x', 'index.m3u8')).toBe(false);
  });

  it("opens only an event's pictures with a page shell's token, which names no key", () => {
    const shell = tokens.sign({ ...claims, scope: 's', keyId: SHELL_KEY_ID });
    expect(tokens.verify(shell, now)).toMatchObject({ scope: 's', subjectId: 42, keyId: '0' });
    expect(tokens.verify(shell.replace(/^s/, 'a'), now)).toBeNull();
    expect(allowedPath('s', 'assets/poster.jpg')).toBe(true);
    expect(allowedPath('s', 'assets/sprite_0.jpg')).toBe(true);
    for (const rest of [
      'assets/preview.mp4',
      'assets/thumbs.vtt',
      'vod/master.m3u8',
      'poster.jpg',
    ]) {
      expect(allowedPath('s', rest), rest).toBe(false);
    }
  });
});

describe('media paths', () => {
  it('lets each scope reach its folders only', () => {
    expect(allowedPath('p', 'vod/v0/seg_00001.ts')).toBe(true);
    expect(allowedPath('p', 'live/master.m3u8')).toBe(true);
    expect(allowedPath('p', 'download/event.mp4')).toBe(false);
    expect(allowedPath('a', 'assets/poster.jpg')).toBe(true);
    expect(allowedPath('a', 'vod/master.m3u8')).toBe(false);
    expect(allowedPath('d', 'download/event.mp4')).toBe(true);
    for (const trick of [
      'vod/../x.ts',
      '../vod/a.ts',
      'vod//a.ts',
      'vod/.a.ts',
      'source/game.mp4',
      'vod/a.exe',
    ]) {
      expect(allowedPath('p', trick), trick).toBe(false);
    }
  });

  it('names downloads after the event', () => {
    expect(downloadName('WOL @ KNI', new Date('2026-01-02T00:00:00Z'))).toBe(
      'wol-at-kni-2026-01-02.mp4',
    );
    expect(downloadName('«»', new Date('2026-01-02T00:00:00Z'))).toBe('event-2026-01-02.mp4');
  });
});

describe('access and stream choice', () => {
  it('puts geo first, then the access type', () => {
    expect(decideAccess('free', false, true)).toBe('geo_blocked');
    expect(decideAccess('free', false, false)).toBe('granted');
    expect(decideAccess('register', false, false)).toBe('register');
    expect(decideAccess('register', true, false)).toBe('granted');
    expect(decideAccess('paid', true, false)).toBe('purchase');
    expect(decideAccess('ppv', true, false, true)).toBe('granted');
    expect(
      geoBlockedFor(false, 'FR', { geo_allowed_countries: null, geo_blocked_countries: ['FR'] }),
    ).toBe(true);
    expect(
      geoBlockedFor(false, 'CA', { geo_allowed_countries: ['CA'], geo_blocked_countries: null }),
    ).toBe(false);
  });

  const row = (m: Partial<MediaRow>): MediaRow => ({
    id: 1,
    kind: 3,
    url: null,
    storage_key: 'c1/e1/vod/master.m3u8',
    status: 'ready',
    started_at: null,
    ended_at: null,
    meta: {},
    ...m,
  });

  it('plays VOD when finished, the live row when live, and says what is missing', () => {
    expect(chooseStream('upcoming', [row({})]).state).toBe('upcoming');
    expect(chooseStream('finished', [row({ meta: { duration_seconds: 30 } })]).source).toEqual({
      kind: 'vod',
      key: 'c1/e1/vod/master.m3u8',
      durationSeconds: 30,
    });
    expect(chooseStream('finished', [row({ status: 'pending' })]).state).toBe('preparing');
    expect(chooseStream('finished', []).state).toBe('unavailable');
    const ended = row({ kind: 2, status: 'ended', storage_key: 'c1/e1/live/master.m3u8' });
    expect(chooseStream('finished', [ended]).source).toMatchObject({
      kind: 'vod',
      key: 'c1/e1/live/master.m3u8',
    });
    const external = row({
      kind: 2,
      url: 'https://cdn.example/x.m3u8',
      storage_key: null,
      status: 'live',
    });
    expect(chooseStream('live', [external]).source).toMatchObject({
      kind: 'live',
      external: 'https://cdn.example/x.m3u8',
    });
    expect(chooseStream('live', [row({ kind: 2, status: 'pending' })]).state).toBe('preparing');
  });
});

describe('dvrSeconds', () => {
  it('is the recording so far, up to the window; all of it with no window', () => {
    expect(dvrSeconds(600, 7_200)).toBe(600);
    expect(dvrSeconds(9_000, 7_200)).toBe(7_200);
    expect(dvrSeconds(9_000, 0)).toBe(9_000);
  });
});
