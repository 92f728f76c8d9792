import type { PlaybackStream } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { fakeHls } from '../lib/fake-hls.test-support';
import { VideoPlayer } from './video-player';

/* The player's living-room controls and captions, each only where the browser offers it. */

const SIGNED = '/media/e/7/signed-token/vod/master.m3u8';
const stream: PlaybackStream = {
  kind: 'vod',
  format: 'hls',
  url: SIGNED,
  is_external: false,
  duration_seconds: 60,
  dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
  expires_at: '2026-12-02T00:00:00.000Z',
};

/** A TextTrackList as browsers keep one: tracks plus addtrack/change events. */
class FakeTrackList extends EventTarget {
  tracks: TextTrack[] = [];
  [Symbol.iterator]() {
    return this.tracks[Symbol.iterator]();
  }
  get length() {
    return this.tracks.length;
  }
  add(language: string) {
    const changed = () => this.dispatchEvent(new Event('change'));
    let mode: TextTrackMode = 'disabled';
    const track = {
      kind: 'subtitles',
      language,
      label: language,
      get mode() {
        return mode;
      },
      set mode(next: TextTrackMode) {
        mode = next;
        changed();
      },
    } as unknown as TextTrack;
    this.tracks.push(track);
    this.dispatchEvent(new Event('addtrack'));
    return track;
  }
}

const restore: (() => void)[] = [];
/** Gives every video element `value` for `name` until the test ends. */
function onVideos(name: string, value: unknown) {
  const proto = HTMLVideoElement.prototype as unknown as Record<string, unknown>;
  const had = Object.getOwnPropertyDescriptor(proto, name);
  Object.defineProperty(proto, name, { configurable: true, writable: true, value });
  restore.push(() => {
    if (had) Object.defineProperty(proto, name, had);
    else Reflect.deleteProperty(proto, name);
  });
}

let lists: FakeTrackList[];
beforeEach(() => {
  lists = [];
  const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
  Object.defineProperty(proto, 'textTracks', {
    configurable: true,
    get(this: HTMLMediaElement & { fakeTracks?: FakeTrackList }) {
      if (!this.fakeTracks) {
        this.fakeTracks = new FakeTrackList();
        lists.push(this.fakeTracks);
      }
      return this.fakeTracks;
    },
  });
  restore.push(() => Reflect.deleteProperty(proto, 'textTracks'));
});
afterEach(() => {
  for (const undo of restore.splice(0).reverse()) undo();
  delete (globalThis as Record<string, unknown>).WebKitPlaybackTargetAvailabilityEvent;
});

function renderPlayer(played: PlaybackStream = stream) {
  const hls = fakeHls();
  const load = vi.fn(() => Promise.resolve(hls.Hls));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <VideoPlayer stream={played} preroll={null} posterUrl={null} loadHls={load} />
    </QueryClientProvider>,
  );
  const video = view.container.querySelector('video');
  if (!video) throw new Error('no video');
  return { hls, load, video, unmount: view.unmount };
}

const controlsReady = () => screen.findByRole('button', { name: 'Full screen' });

describe('captions', () => {
  it('offers the subtitle renditions, shows the chosen one and remembers it', async () => {
    renderPlayer();
    await controlsReady();
    expect(screen.queryByRole('combobox', { name: 'Captions' })).toBeNull();
    const list = lists[0] as FakeTrackList;
    let en!: TextTrack;
    let fr!: TextTrack;
    act(() => {
      en = list.add('en');
      fr = list.add('fr');
    });
    const menu = await screen.findByRole('combobox', { name: 'Captions' });
    expect([...(menu as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'No captions',
      'English',
      'French',
    ]);
    fireEvent.change(menu, { target: { value: 'fr' } });
    expect([en.mode, fr.mode]).toEqual(['disabled', 'showing']);
    expect((menu as HTMLSelectElement).value).toBe('fr');
  });

  it('applies the remembered choice to the next video, and off stays off', async () => {
    const first = renderPlayer();
    await controlsReady();
    act(() => {
      (lists[0] as FakeTrackList).add('en');
      (lists[0] as FakeTrackList).add('fr');
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Captions' }), {
      target: { value: 'fr' },
    });
    first.unmount();
    const before = lists.length;
    renderPlayer();
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    const next = lists.at(-1) as FakeTrackList;
    let fr!: TextTrack;
    act(() => {
      next.add('en');
      fr = next.add('fr');
    });
    expect(fr.mode).toBe('showing');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Captions' }), {
      target: { value: 'off' },
    });
    expect(fr.mode).toBe('disabled');
  });
});

describe('picture-in-picture', () => {
  it("uses WebKit's presentation mode where the standard API is missing (iOS Safari)", async () => {
    const setMode = vi.fn();
    onVideos('webkitSupportsPresentationMode', (mode: string) => mode === 'picture-in-picture');
    onVideos('webkitSetPresentationMode', setMode);
    renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: 'Picture in picture' }));
    expect(setMode).toHaveBeenCalledWith('picture-in-picture');
  });

  it('offers no button without either API (Firefox keeps its own toggle)', async () => {
    const { video } = renderPlayer();
    await controlsReady();
    expect(screen.queryByRole('button', { name: 'Picture in picture' })).toBeNull();
    expect(video.disablePictureInPicture).not.toBe(true);
  });
});

describe('AirPlay', () => {
  it('plays the signed stream natively, and shows the picker once a receiver is there', async () => {
    // Only its presence is read: Safari's own constructor stands in as a plain Event.
    (globalThis as Record<string, unknown>).WebKitPlaybackTargetAvailabilityEvent = Event;
    onVideos('canPlayType', (type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    const picker = vi.fn();
    onVideos('webkitShowPlaybackTargetPicker', picker);
    const { video, load } = renderPlayer();
    await controlsReady();
    await waitFor(() => expect(video.getAttribute('src')).toBe(SIGNED));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'AirPlay' })).toBeNull();

    const available = Object.assign(new Event('webkitplaybacktargetavailabilitychanged'), {
      availability: 'available',
    });
    act(() => void video.dispatchEvent(available));
    fireEvent.click(await screen.findByRole('button', { name: 'AirPlay' }));
    expect(picker).toHaveBeenCalledTimes(1);
  });

  it("hands an AirPlay receiver the stream under the viewer's own token, and takes the shared one back", async () => {
    (globalThis as Record<string, unknown>).WebKitPlaybackTargetAvailabilityEvent = Event;
    onVideos('canPlayType', (type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    // A game's shared address opens with the browser's cookie, which a receiver never gets.
    const shared = '/media/g/7/vod/master.m3u8';
    const device = '/media/e/7/viewer-token/vod/master.m3u8';
    const { video } = renderPlayer({ ...stream, url: shared, device_url: device });
    await controlsReady();
    await waitFor(() => expect(video.getAttribute('src')).toBe(shared));
    const target = (wireless: boolean) => {
      Object.defineProperty(video, 'webkitCurrentPlaybackTargetIsWireless', {
        configurable: true,
        value: wireless,
      });
      act(
        () => void video.dispatchEvent(new Event('webkitcurrentplaybacktargetiswirelesschanged')),
      );
    };
    video.currentTime = 21;
    target(true);
    expect(video.getAttribute('src')).toBe(device);
    // The replay goes on where it was once the receiver's source has loaded.
    video.currentTime = 0;
    act(() => void video.dispatchEvent(new Event('loadedmetadata')));
    expect(video.currentTime).toBe(21);
    target(false);
    expect(video.getAttribute('src')).toBe(shared);
  });
});

describe('Remote Playback API (Chrome on Android)', () => {
  it('shows the cast button only while the browser reports a device, and prompts', async () => {
    let report: (available: boolean) => void = () => undefined;
    const remote = {
      watchAvailability: vi.fn((callback: (available: boolean) => void) => {
        report = callback;
        return Promise.resolve(1);
      }),
      cancelWatchAvailability: vi.fn(() => Promise.resolve()),
      prompt: vi.fn(() => Promise.resolve()),
    };
    onVideos('remote', remote);
    renderPlayer();
    await controlsReady();
    expect(screen.queryByRole('button', { name: 'Cast to a TV' })).toBeNull();
    act(() => report(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Cast to a TV' }));
    expect(remote.prompt).toHaveBeenCalledTimes(1);
    act(() => report(false));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cast to a TV' })).toBeNull());
  });

  it('shows nothing where the browser refuses to watch this source', async () => {
    onVideos('remote', {
      watchAvailability: () => Promise.reject(new DOMException('no', 'NotSupportedError')),
      prompt: vi.fn(),
    });
    renderPlayer();
    await controlsReady();
    expect(screen.queryByRole('button', { name: 'Cast to a TV' })).toBeNull();
  });
});

describe('Google Cast Web Sender (desktop Chrome)', () => {
  /** What desktop Chrome has and Firefox, Safari and jsdom lack. */
  function asChrome() {
    const scope = globalThis as Record<string, unknown>;
    scope.chrome = {};
    scope.PresentationRequest = function PresentationRequest() {
      return undefined;
    };
    restore.push(() => {
      delete scope.chrome;
      delete scope.PresentationRequest;
    });
  }
  const castButton = () => screen.queryByRole('button', { name: 'Cast to a TV' });
  const senderLoaded = () =>
    document.querySelector('iframe[src="/cast-sender.html"], script[src*="gstatic.com"]');
  const fromFrame = (frame: HTMLIFrameElement, data: unknown, origin = window.location.origin) =>
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', { data, origin, source: frame.contentWindow }),
        ),
    );

  it('shows no cast menu where the browser has no Cast (Firefox, Safari)', async () => {
    renderPlayer();
    await controlsReady();
    expect(castButton()).toBeNull();
    expect(senderLoaded()).toBeNull();
  });

  it("loads the cast frame only when the menu opens, and hands it the viewer's signed device URL", async () => {
    asChrome();
    const shared = '/media/g/7/vod/master.m3u8';
    const device = '/media/e/7/viewer-token/vod/master.m3u8';
    const played = { ...stream, url: shared, device_url: device };
    const view = renderPlayer(played);
    await controlsReady();
    const button = castButton();
    expect(button).not.toBeNull();
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    expect(senderLoaded()).toBeNull();

    fireEvent.click(button as HTMLElement);
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src="/cast-sender.html"]');
    if (!frame?.contentWindow) throw new Error('no cast frame');
    expect(button?.getAttribute('aria-expanded')).toBe('true');
    const post = vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation(() => undefined);
    view.video.currentTime = 17;
    fromFrame(frame, { rudyCast: 'want-media' });
    expect(post).toHaveBeenCalledWith(
      {
        rudyCast: 'media',
        media: expect.objectContaining({
          url: new URL(device, window.location.href).href,
          live: false,
          at: 17,
        }) as unknown,
      },
      window.location.origin,
    );
    // Another origin, or another window, is not the cast frame.
    post.mockClear();
    fromFrame(frame, { rudyCast: 'want-media' }, 'https://evil.example');
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', {
            data: { rudyCast: 'want-media' },
            origin: window.location.origin,
            source: window,
          }),
        ),
    );
    expect(post).not.toHaveBeenCalled();

    // Closing the menu keeps the frame (and the session it holds).
    fireEvent.click(button as HTMLElement);
    expect(frame.isConnected).toBe(true);
    expect(frame.parentElement?.hidden).toBe(true);

    // The receiver is playing: the button says where, and the game does not play twice.
    const pause = vi.spyOn(view.video, 'pause');
    fromFrame(frame, { rudyCast: 'casting', device: 'Living room' });
    expect(await screen.findByRole('button', { name: 'Playing on Living room' })).toBeDefined();
    expect(pause).toHaveBeenCalled();
  });

  it('sends the renewed device URL to the frame', async () => {
    asChrome();
    const hls = fakeHls();
    const load = vi.fn(() => Promise.resolve(hls.Hls));
    const player = (device: string) => (
      <QueryClientProvider client={queryClient}>
        <VideoPlayer
          stream={{ ...stream, device_url: device }}
          preroll={null}
          posterUrl={null}
          loadHls={load}
        />
      </QueryClientProvider>
    );
    const view = render(player('/media/e/7/first/vod/master.m3u8'));
    await controlsReady();
    fireEvent.click(castButton() as HTMLElement);
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src="/cast-sender.html"]');
    if (!frame?.contentWindow) throw new Error('no cast frame');
    const post = vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation(() => undefined);
    view.rerender(player('/media/e/7/renewed/vod/master.m3u8'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        {
          rudyCast: 'media',
          media: expect.objectContaining({
            url: new URL('/media/e/7/renewed/vod/master.m3u8', window.location.href).href,
          }) as unknown,
        },
        window.location.origin,
      ),
    );
  });

  it('leaves casting to the Remote Playback API where it reports a device', async () => {
    asChrome();
    onVideos('remote', {
      watchAvailability: (callback: (available: boolean) => void) => {
        callback(true);
        return Promise.resolve(1);
      },
      cancelWatchAvailability: () => Promise.resolve(),
      prompt: vi.fn(() => Promise.resolve()),
    });
    renderPlayer();
    await controlsReady();
    await waitFor(() => expect(castButton()).not.toBeNull());
    expect(screen.getAllByRole('button', { name: 'Cast to a TV' })).toHaveLength(1);
    fireEvent.click(castButton() as HTMLElement);
    expect(senderLoaded()).toBeNull();
  });
});
