import { ANALYTICS_HEARTBEAT_MS, ANALYTICS_TIMEOUT_MS } from '@rudy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG, json, mockFetch } from '../test/fetch-mock';
import {
  isAnalyticsAllowed,
  loadGoogleTag,
  startAnalytics,
  startVideoView,
  stopAnalytics,
  trackPage,
  uuid4,
} from './analytics';
import { isReportedFailure } from './api-client';
import { ApiError } from './api-error';
import { emitAppEvent } from './app-events';

const CONFIG = { ...TEST_CONFIG, analytics_url: '', analytics_localhost: true };
const HASH = '5f0c3b1e-8d4a-4c2b-9a7e-1f2d3c4b5a69';

interface Sent {
  path: string;
  body: Record<string, unknown>;
  init: RequestInit;
}

function setup(
  opts: { user?: { id: number; email: string } | null; apiKey?: string; failing?: boolean } = {},
) {
  const sent: Sent[] = [];
  let hashes = 0;
  const fetch = mockFetch((url, init) => {
    if (opts.failing) throw new TypeError('Failed to fetch');
    if (url.pathname === '/datalake/hash/') {
      hashes += 1;
      return json({ data: HASH });
    }
    sent.push({ path: url.pathname, body: init.json ?? {}, init });
    return json({ status: 'ok' });
  });
  const beacons: { url: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    void (data as Blob).text().then((text) => {
      beacons.push({ url: String(url), body: JSON.parse(text) as Record<string, unknown> });
    });
    return true;
  });
  const started = startAnalytics({
    config: CONFIG,
    channelKey: () => 'demo-hockey',
    user: () => opts.user ?? null,
    apiKey: () => opts.apiKey ?? null,
    fetch,
  });
  return { started, sent, beacons, hashes: () => hashes, fetch };
}

const of = (sent: Sent[], path: string) => sent.filter((s) => s.path === path);

beforeEach(() => {
  // jsdom has no sendBeacon; the client uses it when the page goes away.
  Object.defineProperty(navigator, 'sendBeacon', {
    value: () => true,
    configurable: true,
    writable: true,
  });
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  stopAnalytics();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('analytics: where it reports', () => {
  it('sends nothing without a datalake, nor from localhost unless the deployment allows it', () => {
    expect(isAnalyticsAllowed({ ...TEST_CONFIG, analytics_url: null }, 'tv.example')).toBe(false);
    expect(isAnalyticsAllowed({ ...TEST_CONFIG, analytics_url: '' }, 'localhost')).toBe(false);
    expect(isAnalyticsAllowed({ ...TEST_CONFIG, analytics_url: '' }, '127.0.0.1')).toBe(false);
    expect(isAnalyticsAllowed({ ...TEST_CONFIG, analytics_url: '' }, 'tv.example')).toBe(true);
    expect(isAnalyticsAllowed(CONFIG, 'localhost')).toBe(true);
  });

  it('makes v4 UUIDs without a secure context', () => {
    expect(uuid4()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(uuid4()).not.toBe(uuid4());
  });
});

describe('analytics: session and page visits', () => {
  it('asks for a session hash once, keeps it 24 h under visaicV3-session, posts the session once', async () => {
    window.history.replaceState(null, '', '/schedule?trk=spring-mail&team=4');
    const { started, sent, hashes } = setup({
      user: { id: 7, email: 'fan@example.test' },
      apiKey: 'key-of-fan-7',
    });
    expect(started).toBe(true);
    trackPage('/schedule');
    trackPage('/live');
    await vi.waitFor(() => expect(of(sent, '/datalake/event/')).toHaveLength(2));
    expect(hashes()).toBe(1);
    const stored = JSON.parse(localStorage.getItem('rudy_visaicV3-session') ?? '{}') as {
      v: string;
      e: number;
    };
    expect(stored.v).toBe(HASH);
    expect(stored.e - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(of(sent, '/datalake/session/')).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          profile: 'demo-hockey',
          session: HASH,
          device_type: expect.any(String),
          user_agent: navigator.userAgent,
          resolution: expect.stringMatching(/^\d+x\d+$/),
          origin_url: 'http://localhost:3000/schedule',
          trk: 'spring-mail',
        }),
      }),
    ]);
    const [visit] = of(sent, '/datalake/event/');
    expect(visit?.body).toMatchObject({
      profile: 'demo-hockey',
      session_uuid: HASH,
      user_id: 7,
      user_email: 'fan@example.test',
      // What proves the user: the datalake counts the key's user, not the id claimed.
      api_key: 'key-of-fan-7',
      event: 'visit_page',
      extras: { path: '/schedule' },
      origin_url: 'http://localhost:3000/schedule',
      trk: 'spring-mail',
    });
    // text/plain: no CORS preflight to a datalake on another host; 30 s timeout.
    expect(new Headers(visit?.init.headers).get('content-type')).toContain('text/plain');
    expect(visit?.init.signal).toBeInstanceOf(AbortSignal);
    expect(visit?.init.keepalive).toBe(true);

    // Within the 24 hours a new start reuses the hash and posts no new session.
    stopAnalytics();
    const again = setup();
    trackPage('/');
    await vi.waitFor(() => expect(of(again.sent, '/datalake/event/')).toHaveLength(1));
    expect(again.hashes()).toBe(0);
    expect(of(again.sent, '/datalake/session/')).toHaveLength(0);
  });

  it('reports logins and failed API calls heard on the app’s event bus', async () => {
    const { sent } = setup({ user: { id: 3, email: 'a@b.c' } });
    emitAppEvent('signed-in', { method: 'password' });
    emitAppEvent('api-failure', {
      status: 500,
      code: 'internal_error',
      method: 'GET',
      path: '/events',
    });
    await vi.waitFor(() => expect(of(sent, '/datalake/event/')).toHaveLength(2));
    expect(of(sent, '/datalake/event/').map((s) => s.body)).toEqual([
      expect.objectContaining({ event: 'login', user_id: 3, extras: { method: 'password' } }),
      expect.objectContaining({
        event: 'api_request',
        extras: { status: 500, code: 'internal_error', method: 'GET', path: '/events' },
      }),
    ]);
  });

  it('is silent when the datalake is down', async () => {
    const { fetch } = setup({ failing: true });
    // jsdom fires no 'unhandledrejection': Node's process event is the one that tells.
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    trackPage('/');
    const view = startVideoView({ streamId: 1, streamType: 'vod', meta: () => ({}) });
    view.firstFrame(500);
    view.end();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // Every failed call has settled; Node reports a rejection nobody handled once the microtasks
    // after it have run, before the next macrotask.
    await Promise.allSettled(fetch.mock.results.map((r) => r.value as unknown));
    await new Promise((r) => setTimeout(r, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(ANALYTICS_TIMEOUT_MS).toBe(30_000);
  });
});

describe('analytics: a video view', () => {
  it('sends the first frame once, then playing time in heartbeats and a beacon at the end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const { sent, beacons } = setup({ user: { id: 5, email: 'v@b.c' }, apiKey: 'key-of-5' });
    const meta = {
      category: 'U18',
      sport: 'Hockey',
      gender: 'men',
      school: 'North',
      league: 'NJHL',
    };
    const view = startVideoView({ streamId: 12, streamType: 'live', meta: () => meta });
    view.firstFrame(640.4);
    view.firstFrame(900);
    view.setPlaying(true);
    vi.advanceTimersByTime(ANALYTICS_HEARTBEAT_MS);
    view.setPlaying(false);
    // Paused time is not viewing time.
    vi.advanceTimersByTime(10_000);
    view.setPlaying(true);
    vi.advanceTimersByTime(4_000);
    view.end();
    await vi.waitFor(() => expect(of(sent, '/datalake/video/event/')).toHaveLength(1));
    const [frame] = of(sent, '/datalake/video/event/');
    expect(frame?.body).toMatchObject({
      event: 'first_frame',
      first_frame_ms: 640,
      stream_id: 12,
      stream_type: 'live',
      session_uuid: HASH,
      video_view_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: 5,
      api_key: 'key-of-5',
    });
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    const [heartbeat] = of(sent, '/datalake/video/viewing/');
    expect(heartbeat?.body).toMatchObject({ viewing_time: 30, ...meta, stream_id: 12 });
    expect(beacons[0]?.url).toBe('/datalake/video/viewing/');
    expect(beacons[0]?.body).toMatchObject({
      viewing_time: 4,
      video_view_uuid: frame?.body.video_view_uuid,
      origin_url: 'http://localhost:3000/',
    });
  });

  it('flushes a playing view with a beacon when the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const { beacons } = setup();
    const view = startVideoView({ streamId: 5, streamType: 'vod', meta: () => ({}) });
    view.setPlaying(true);
    vi.advanceTimersByTime(7_000);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]?.body).toMatchObject({ viewing_time: 7, stream_type: 'vod' });
  });

  it('is a no-op while analytics is off', () => {
    const view = startVideoView({ streamId: 5, streamType: 'vod', meta: () => ({}) });
    expect(() => {
      view.firstFrame(1);
      view.setPlaying(true);
      view.end();
    }).not.toThrow();
  });
});

describe('the channel’s Google tag', () => {
  it('loads gtag.js for a tag id from the settings, and nothing for anything else', () => {
    loadGoogleTag('G-AB12CD34EF');
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src*="googletagmanager"]',
    );
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
    expect(script?.async).toBe(true);
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toHaveLength(2);
    script?.remove();
    loadGoogleTag('"><script>');
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});

describe('which failed calls are reported', () => {
  const error = (status: number, code = `http_${status}`) =>
    new ApiError({ status, code, message: 'x', url: '/api/x' });
  it('reports failures, not the answers the spec expects', () => {
    expect(isReportedFailure(error(500), '/events')).toBe(true);
    expect(isReportedFailure(error(401), '/favorites')).toBe(true);
    expect(isReportedFailure(error(0, 'ERR_TIMEOUT'), '/events')).toBe(true);
    expect(isReportedFailure(error(0, 'ERR_CANCELED'), '/events')).toBe(false);
    expect(isReportedFailure(error(401), '/profile')).toBe(false);
    expect(isReportedFailure(error(404), '/custom-forms/passes')).toBe(false);
    expect(isReportedFailure(error(202), '/download-event/3')).toBe(false);
  });
});
