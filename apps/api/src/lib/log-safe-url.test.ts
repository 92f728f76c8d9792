import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url.js';

const TOKEN = 'p.1893456000.1.12.345.abcdefghijklmnopqrstuvwxyz012345';

describe('logSafeUrl', () => {
  it('keeps a URL without secrets as it is', () => {
    for (const url of [
      '/',
      '/api/events?page=2&lang=fr',
      '/watch/12',
      '/api/events?q=a%20b&flag&empty=',
      '/media/prerolls/intro.mp4',
    ]) {
      expect(logSafeUrl(url)).toBe(url);
    }
  });

  it('masks the credential query parameters and keeps the others', () => {
    expect(logSafeUrl('/api/menu?api_key=SECRET&lang=fr')).toBe('/api/menu?api_key=***&lang=fr');
    expect(logSafeUrl('/dev/outbox?token=SECRET')).toBe('/dev/outbox?token=***');
    expect(logSafeUrl('/verify-email?email=a%40b.test&expires=1893456000&signature=SECRET')).toBe(
      '/verify-email?email=a%40b.test&expires=1893456000&signature=***',
    );
    expect(logSafeUrl('/auth/login/google/callback?code=SECRET&state=SECRET2')).toBe(
      '/auth/login/google/callback?code=***&state=***',
    );
  });

  it('masks whatever the spelling of the name', () => {
    expect(logSafeUrl('/api/menu?API_KEY=SECRET')).toBe('/api/menu?API_KEY=***');
    expect(logSafeUrl('/api/menu?api%5Fkey=SECRET')).toBe('/api/menu?api%5Fkey=***');
    expect(logSafeUrl('/api/menu?Api%5fKey=SECRET')).toBe('/api/menu?Api%5fKey=***');
    expect(logSafeUrl('/api/menu?%61pi_key=SECRET')).toBe('/api/menu?%61pi_key=***');
    expect(logSafeUrl('/api/menu?api_key[]=SECRET')).toBe('/api/menu?api_key[]=***');
    expect(logSafeUrl('/api/menu?+api_key=SECRET')).toBe('/api/menu?+api_key=***');
    expect(logSafeUrl('/dev/outbox?TOKEN=SECRET')).toBe('/dev/outbox?TOKEN=***');
  });

  it('masks every repetition', () => {
    expect(logSafeUrl('/api/menu?api_key=A&x=1&api_key=B&api_key=C')).toBe(
      '/api/menu?api_key=***&x=1&api_key=***&api_key=***',
    );
  });

  it('masks a value whose name cannot be decoded rather than trust it', () => {
    expect(logSafeUrl('/api/menu?api%ZZkey=SECRET&lang=fr')).toBe(
      '/api/menu?api%ZZkey=***&lang=fr',
    );
  });

  it('masks the media token segment and keeps the rest of the path', () => {
    expect(logSafeUrl('/media/e/1/SECRET/index.m3u8')).toBe('/media/e/1/***/index.m3u8');
    expect(logSafeUrl('/media/e/7/SECRET/v0/seg-00012.ts')).toBe('/media/e/7/***/v0/seg-00012.ts');
    expect(logSafeUrl('/media/e/7/SECRET/download.mp4?filename=game-7.mp4')).toBe(
      '/media/e/7/***/download.mp4?filename=game-7.mp4',
    );
    expect(logSafeUrl('/media/e/7/SECRET')).toBe('/media/e/7/***');
    expect(logSafeUrl('/MEDIA/E/7/SECRET/x')).toBe('/MEDIA/E/7/***/x');
    expect(logSafeUrl('/media/c/3/SECRET/clip.mp4?filename=goal.mp4')).toBe(
      '/media/c/3/***/clip.mp4?filename=goal.mp4',
    );
    expect(logSafeUrl('/media/v/8/SECRET/vod/master.m3u8')).toBe('/media/v/8/***/vod/master.m3u8');
  });

  it('masks the token in a percent-encoded media path, which the router still matches', () => {
    expect(logSafeUrl('/media/%65/1/SECRET/index.m3u8')).toBe('/media/e/1/***/index.m3u8');
    expect(logSafeUrl('/media/e/1/SE%43RET/index.m3u8')).toBe('/media/e/1/***/index.m3u8');
    expect(logSafeUrl('/media/e/1/%ZZ')).toBe('/media/e/1/***');
  });

  it('masks a media token wherever it appears', () => {
    expect(logSafeUrl(`/watch/12?t=${TOKEN}`)).toBe('/watch/12?t=***');
    expect(logSafeUrl(`/x/${TOKEN}/y`)).toBe('/x/***/y');
    expect(logSafeUrl(`/x/${TOKEN.replace(/^./, 'c')}/y`)).toBe('/x/***/y');
    // A watch page's poster token (scope s, key 0), which the page's HTML carries.
    const shell = 's.1795558200.1.14.0.9YUQmz7964ndktYDI_u4_eZA225uYtJb';
    expect(logSafeUrl(`/media/e/14/${shell}/assets/poster.jpg`)).toBe(
      '/media/e/14/***/assets/poster.jpg',
    );
  });
});
