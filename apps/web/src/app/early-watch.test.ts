import type { Playback } from '@rudy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlayback } from '../features/player/api/get-playback';
import { takeEarlyPlayback } from '../features/player/api/early-playback';
import { STORAGE_KEYS, removeItem, setItem } from '../lib/storage';
import { TEST_CONFIG, json, mockFetch, urlOf } from '../test/fetch-mock';
import { startEarlyWatch } from './early-watch';

const granted = {
  access: 'granted',
  stream: { url: '/media/e/7/master.m3u8' },
  preroll: null,
} as unknown as Playback;

/** A direct visit's page as the server writes it: the splash's player box and start-up data. */
function page({ playerBox = true, startup = true } = {}): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = playerBox
    ? '<div id="splash"><div class="splash__player"><img class="splash__poster" alt=""></div></div>'
    : '<div id="splash"></div>';
  if (startup) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'startup-data';
    script.textContent = JSON.stringify({ config: TEST_CONFIG, locale: 'fr', bootstrap: null });
    doc.body.append(script);
  }
  return doc;
}

function playbackServer(answers: Response[]) {
  const fetch = mockFetch((url) =>
    url.pathname === '/api/events/7/playback'
      ? (answers.shift() ?? json({ message: 'no more', code: 'test' }, 500))
      : json({ message: 'Route not found', code: 'route_not_found' }, 404),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** An autoplay still under way. */
const never = () => new Promise<never>(() => undefined);

beforeEach(() => setItem(STORAGE_KEYS.apiKey, 'viewer-key'));
afterEach(() => {
  void takeEarlyPlayback(7)?.catch(() => undefined);
  removeItem(STORAGE_KEYS.apiKey);
  vi.unstubAllGlobals();
});

describe('startEarlyWatch', () => {
  it("asks a game's playback with the stored key and starts it, once for the page's query", async () => {
    const fetch = playbackServer([json(granted)]);
    const start = vi.fn();
    void startEarlyWatch(page(), { pathname: '/watch/7', search: '' }, start);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const asked = new URL(urlOf(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(asked.searchParams.get('api_key')).toBe('viewer-key');
    // The page's language as the server wrote it.
    expect(asked.searchParams.get('lang')).toBe('fr');
    expect(start).toHaveBeenCalledWith(granted);

    // The page's query takes that answer: no second call, so no second signed URL.
    expect(await getPlayback(7)).toEqual(granted);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: a later visit's query asks afresh.
    await getPlayback(7).catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("resolves at the game's first frame, for the app to start after it", async () => {
    playbackServer([json(granted)]);
    const video = document.createElement('video');
    const start = vi.fn(() => ({ url: '/media/e/7/master.m3u8', video, autoplay: never() }));
    let resolved = false;
    const started = startEarlyWatch(page(), { pathname: '/watch/7', search: '' }, start).then(
      () => (resolved = true),
    );
    await settle();
    expect(start).toHaveBeenCalledWith(granted);
    expect(resolved).toBe(false);
    video.dispatchEvent(new Event('playing'));
    await started;
    expect(resolved).toBe(true);
  });

  it('resolves at once when nothing plays early (an ad first, no access, a failed answer)', async () => {
    playbackServer([json(granted), json({ message: 'boom', code: 'http_502' }, 502)]);
    const start = vi.fn(() => null);
    await startEarlyWatch(page(), { pathname: '/watch/7', search: '' }, start);
    expect(start).toHaveBeenCalledTimes(1);
    await takeEarlyPlayback(7);
    await startEarlyWatch(page(), { pathname: '/watch/7', search: '' }, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed answer to the page, which asks again and shows what it gets', async () => {
    const fetch = playbackServer([json({ message: 'boom', code: 'http_502' }, 502), json(granted)]);
    const start = vi.fn();
    void startEarlyWatch(page(), { pathname: '/watch/7', search: '' }, start);
    await settle();
    expect(start).not.toHaveBeenCalled();
    expect(await getPlayback(7)).toEqual(granted);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    { name: 'another page', path: '/live', search: '', doc: {} },
    { name: 'a percent-encoded game id', path: '/watch/%37', search: '', doc: {} },
    {
      name: 'an address with start-up parameters',
      path: '/watch/7',
      search: '?channel=x',
      doc: {},
    },
    {
      name: 'a page without the player box',
      path: '/watch/7',
      search: '',
      doc: { playerBox: false },
    },
    { name: 'a page without start-up data', path: '/watch/7', search: '', doc: { startup: false } },
  ])('leaves $name to start-up', async ({ path, search, doc }) => {
    const fetch = playbackServer([json(granted)]);
    const start = vi.fn();
    void startEarlyWatch(page(doc), { pathname: path, search }, start);
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
    expect(takeEarlyPlayback(7)).toBeNull();
  });
});
