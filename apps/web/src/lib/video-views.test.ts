import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG, json, mockFetch } from '../test/fetch-mock';
import { startAnalytics, stopAnalytics } from './analytics';
import { resetVideoViews, startVideoView } from './video-views';

const CONFIG = { ...TEST_CONFIG, analytics_url: '', analytics_localhost: true };

function datalake() {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = mockFetch((url, init) => {
    if (url.pathname === '/datalake/hash/') return json({ data: 'a-session' });
    sent.push({ path: url.pathname, body: init.json ?? {} });
    return json({ status: 'ok' });
  });
  const beacons: Record<string, unknown>[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    value: (_url: string, data: Blob) => {
      void data.text().then((text) => beacons.push(JSON.parse(text) as Record<string, unknown>));
      return true;
    },
    configurable: true,
    writable: true,
  });
  return { sent, beacons, fetch };
}

/** The analytics client of an anonymous visitor, as start-up starts it. */
const start = (fetch: typeof globalThis.fetch, config = CONFIG) =>
  startAnalytics({
    config,
    channelKey: () => 'demo',
    user: () => null,
    apiKey: () => null,
    fetch,
  });

beforeEach(() => {
  resetVideoViews();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});

afterEach(() => {
  stopAnalytics();
  resetVideoViews();
  vi.useRealTimers();
});

describe('video views before the analytics client has loaded', () => {
  it('are handed over when it starts: the first frame, and viewing time from when play began', async () => {
    const { sent, beacons, fetch } = datalake();
    const view = startVideoView({ streamId: 3, streamType: 'vod', meta: () => ({}) });
    view.firstFrame(420);
    view.setPlaying(true);
    vi.advanceTimersByTime(5_000);
    // The page has loaded: the client starts.
    start(fetch);
    vi.advanceTimersByTime(2_000);
    view.end();
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toMatchObject({ viewing_time: 7, stream_id: 3, stream_type: 'vod' });
    await vi.waitFor(() =>
      expect(sent.filter((s) => s.path === '/datalake/video/event/')).toHaveLength(1),
    );
    expect(sent.find((s) => s.path === '/datalake/video/event/')?.body).toMatchObject({
      event: 'first_frame',
      first_frame_ms: 420,
      video_view_uuid: beacons[0]?.video_view_uuid,
    });
  });

  it('an ended view is still reported once the client starts', async () => {
    const { beacons, fetch } = datalake();
    const view = startVideoView({ streamId: 4, streamType: 'live', meta: () => ({}) });
    view.setPlaying(true);
    vi.advanceTimersByTime(3_000);
    view.end();
    start(fetch);
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toMatchObject({ viewing_time: 3, stream_id: 4 });
  });

  it('are let go, and later views do nothing, when this host reports nothing', () => {
    const { sent, beacons, fetch } = datalake();
    const view = startVideoView({ streamId: 5, streamType: 'vod', meta: () => ({}) });
    view.setPlaying(true);
    const off = { ...CONFIG, analytics_localhost: false };
    expect(start(fetch, off)).toBe(false);
    view.end();
    const later = startVideoView({ streamId: 6, streamType: 'vod', meta: () => ({}) });
    later.firstFrame(1);
    later.end();
    expect(sent).toEqual([]);
    expect(beacons).toEqual([]);
  });
});
