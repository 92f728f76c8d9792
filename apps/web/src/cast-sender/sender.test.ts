import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CastMedia } from './messages';
import { runCastSender } from './sender';

/*
 * The cast frame against a stand-in for Google's Cast Web Sender at its boundary (chrome.cast and
 * cast.framework): no Cast device exists here, so what is checked is the calls the frame makes.
 */

const SENDER = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
const SIGNED = 'http://localhost:3000/media/e/7/viewer-token/vod/master.m3u8';
const RENEWED = 'http://localhost:3000/media/e/7/renewed-token/vod/master.m3u8';

const labels = {
  choose: 'Cast to a TV',
  stop: 'Stop casting',
  casting: 'Playing on {{device}}',
  device: 'your TV',
  unavailable: 'Casting is not available in this browser.',
};
const media = (url: string, at = 12): CastMedia => ({
  url,
  live: false,
  at,
  title: 'Game',
  labels,
});

/** Google's sender as the frame sees it once loaded: one context, one session once asked. */
function fakeSdk() {
  let onState: (event: { sessionState: string }) => void = () => undefined;
  const mediaSession = { getEstimatedTime: vi.fn(() => 42) };
  const session = {
    loadMedia: vi.fn((request: object) => Promise.resolve(request && undefined)),
    getMediaSession: () => mediaSession,
    getCastDevice: () => ({ friendlyName: 'Living room' }),
    endSession: vi.fn(),
  };
  let current: typeof session | null = null;
  const context = {
    setOptions: vi.fn(),
    addEventListener: vi.fn((_type: string, listener: typeof onState) => {
      onState = listener;
    }),
    requestSession: vi.fn(() => {
      current = session;
      onState({ sessionState: 'SESSION_STARTED' });
      return Promise.resolve(undefined);
    }),
    getCurrentSession: () => current,
  };
  class MediaInfo {
    streamType = '';
    metadata: object | null = null;
    constructor(
      public contentId: string,
      public contentType: string,
    ) {}
  }
  class LoadRequest {
    currentTime?: number;
    autoplay?: boolean;
    constructor(public media: MediaInfo) {}
  }
  const globals = {
    chrome: {
      cast: {
        AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' },
        media: {
          DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
          StreamType: { BUFFERED: 'BUFFERED', LIVE: 'LIVE' },
          MediaInfo,
          GenericMediaMetadata: class {
            title?: string;
          },
          LoadRequest,
        },
      },
    },
    cast: {
      framework: {
        CastContext: { getInstance: () => context },
        CastContextEventType: { SESSION_STATE_CHANGED: 'sessionstatechanged' },
        SessionState: {
          SESSION_STARTED: 'SESSION_STARTED',
          SESSION_RESUMED: 'SESSION_RESUMED',
          SESSION_ENDED: 'SESSION_ENDED',
        },
      },
    },
  };
  Object.assign(window, globals);
  return { context, session, mediaSession };
}

type Sent = { rudyCast: string; device?: string | null };
let sent: Sent[];
const stops: (() => void)[] = [];
const start = () => stops.push(runCastSender(window, document));
beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<p id="status"></p><button id="choose" hidden></button><button id="stop" hidden></button>';
  sent = [];
  // The frame's parent is the player; in this test the frame's own window stands in for it.
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as Sent);
  });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  for (const name of ['chrome', 'cast', '__onGCastApiAvailable'])
    Reflect.deleteProperty(window, name);
});

const fromPlayer = (data: unknown, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
const api = () =>
  (window as { __onGCastApiAvailable?: (ok: boolean) => void }).__onGCastApiAvailable;
const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

describe('the cast frame', () => {
  it("loads Google's sender, asks for the stream, and offers a TV once Cast is there", () => {
    start();
    const script = document.head.querySelector('script');
    expect(script?.src).toBe(SENDER);
    expect(sent).toEqual([{ rudyCast: 'want-media' }]);
    expect(button('choose').hidden).toBe(true);

    const { context } = fakeSdk();
    api()?.(true);
    expect(context.setOptions).toHaveBeenCalledWith({
      receiverApplicationId: 'CC1AD845',
      autoJoinPolicy: 'origin_scoped',
    });
    expect(button('choose').hidden).toBe(false);
  });

  it('has the receiver play the signed device URL where the viewer is, and the renewed one where the receiver is', async () => {
    start();
    const { context, session } = fakeSdk();
    api()?.(true);
    fromPlayer({ rudyCast: 'media', media: media(SIGNED) });
    expect(button('choose').textContent).toBe('Cast to a TV');
    expect(session.loadMedia).not.toHaveBeenCalled();

    button('choose').click();
    expect(context.requestSession).toHaveBeenCalledTimes(1);
    // A session started: the frame asks for the viewer's position of that moment.
    expect(sent.at(-1)).toEqual({ rudyCast: 'want-media' });
    fromPlayer({ rudyCast: 'media', media: media(SIGNED, 30) });
    await vi.waitFor(() =>
      expect(sent.at(-1)).toEqual({ rudyCast: 'casting', device: 'Living room' }),
    );
    expect(session.loadMedia).toHaveBeenCalledTimes(1);
    expect(session.loadMedia.mock.calls[0]?.[0]).toMatchObject({
      media: {
        contentId: SIGNED,
        contentType: 'application/vnd.apple.mpegurl',
        streamType: 'BUFFERED',
      },
      currentTime: 30,
      autoplay: true,
    });
    expect(document.getElementById('status')?.textContent).toBe('Playing on Living room');

    // The same address again (a renewal that kept it): nothing to reload.
    fromPlayer({ rudyCast: 'media', media: media(SIGNED, 31) });
    expect(session.loadMedia).toHaveBeenCalledTimes(1);
    // A new token: loaded again in the same session, at the receiver's own position.
    fromPlayer({ rudyCast: 'media', media: media(RENEWED, 5) });
    await vi.waitFor(() => expect(session.loadMedia).toHaveBeenCalledTimes(2));
    expect(session.loadMedia.mock.calls[1]?.[0]).toMatchObject({
      media: { contentId: RENEWED },
      currentTime: 42,
    });
    expect(context.requestSession).toHaveBeenCalledTimes(1);
  });

  it('starts a live game at the live edge', async () => {
    start();
    const { session } = fakeSdk();
    api()?.(true);
    button('choose').click();
    fromPlayer({ rudyCast: 'media', media: { ...media(SIGNED), live: true } });
    await vi.waitFor(() => expect(session.loadMedia).toHaveBeenCalledTimes(1));
    const request = session.loadMedia.mock.calls[0]?.[0] as { currentTime?: number; media: object };
    expect(request.media).toMatchObject({ streamType: 'LIVE' });
    expect(request.currentTime).toBeUndefined();
  });

  it('takes the stream from its own origin only', () => {
    start();
    const { session } = fakeSdk();
    api()?.(true);
    button('choose').click();
    fromPlayer(
      { rudyCast: 'media', media: media('https://evil.example/x.m3u8') },
      'https://evil.example',
    );
    expect(session.loadMedia).not.toHaveBeenCalled();
  });

  it('says so when Cast is not there, or its script does not load', () => {
    start();
    fromPlayer({ rudyCast: 'media', media: media(SIGNED) });
    api()?.(false);
    expect(sent.at(-1)).toEqual({ rudyCast: 'unavailable' });
    expect(button('choose').hidden).toBe(true);
    expect(document.getElementById('status')?.textContent).toBe(labels.unavailable);

    document.head.innerHTML = '';
    start();
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    expect(sent.at(-1)).toEqual({ rudyCast: 'unavailable' });
  });
});
