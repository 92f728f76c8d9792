import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStream, takeEarlyVideo, untilFirstFrame } from './early-player';
import { fakeHls } from './fake-hls.test-support';

/** The splash the server writes on a watch page (app-shell.ts), or a page without one. */
function page(withPlayerBox: boolean): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = withPlayerBox
    ? '<div id="splash"><div class="splash__player"><img class="splash__poster" alt=""><div class="splash__ring"></div></div></div>'
    : '<div id="splash"><div class="splash__ring"></div></div>';
  return doc;
}

/** Until the stream's hls.js has been created and the video asked to play (if it is). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  // Whatever a test left is not the next one's.
  // (attach-stream keeps its one preload: each test has URLs of its own.)
  for (const url of ['/media/a/master.m3u8', '/media/b/master.m3u8', '/media/c/master.m3u8'])
    takeEarlyVideo(url);
});

describe('startStream', () => {
  it("plays a direct visit's stream in the splash's player box, over the poster", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { Hls, instances } = fakeHls();
    const doc = page(true);
    startStream('/media/a/master.m3u8', { play: true }, doc, () => Promise.resolve(Hls), true);
    const video = doc.querySelector<HTMLVideoElement>('.splash__player video');
    expect(video?.dataset.testid).toBe('main-video');
    expect(video?.previousElementSibling?.className).toBe('splash__poster');
    await settle();
    expect(instances[0]?.loadSource).toHaveBeenCalledWith('/media/a/master.m3u8');
    expect(instances[0]?.attachMedia).toHaveBeenCalledWith(video);
    expect(play).toHaveBeenCalled();
    // The ring goes once the game plays.
    video?.dispatchEvent(new Event('playing'));
    expect(doc.querySelector('.splash__ring')).toBeNull();

    const early = takeEarlyVideo('/media/a/master.m3u8');
    expect(early?.video).toBe(video);
    expect(await early?.autoplay).toBe('playing');
    // Given once: a second player (or another URL) makes its own.
    expect(takeEarlyVideo('/media/a/master.m3u8')).toBeNull();
  });

  it('only preloads a game whose ad comes first (the ad plays first)', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { Hls, instances } = fakeHls();
    const doc = page(true);
    startStream('/media/c/master.m3u8', { play: false }, doc, () => Promise.resolve(Hls), true);
    await settle();
    expect(doc.querySelector('video')).toBeNull();
    expect(instances[0]?.loadSource).toHaveBeenCalledWith('/media/c/master.m3u8');
    expect(instances[0]?.attachMedia).not.toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();
    expect(takeEarlyVideo('/media/c/master.m3u8')).toBeNull();
  });

  it('only preloads where the splash has no player box (a page reached from another screen)', async () => {
    const { Hls, instances } = fakeHls();
    const doc = page(false);
    startStream('/media/b/master.m3u8', { play: true }, doc, () => Promise.resolve(Hls), true);
    await settle();
    expect(doc.querySelector('video')).toBeNull();
    expect(instances[0]?.loadSource).toHaveBeenCalledWith('/media/b/master.m3u8');
    expect(instances[0]?.attachMedia).not.toHaveBeenCalled();
    expect(takeEarlyVideo('/media/b/master.m3u8')).toBeNull();
  });
});

describe('untilFirstFrame', () => {
  const pending = () => new Promise<never>(() => undefined);
  const state = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for the first presented frame where the browser tells it', async () => {
    const video = document.createElement('video');
    let presented: (() => void) | undefined;
    Object.assign(video, { requestVideoFrameCallback: (cb: () => void) => (presented = cb) });
    const done = state(untilFirstFrame({ video, autoplay: pending() }));
    await settle();
    // 'playing' comes before the frame is on screen: not enough where a frame callback exists.
    video.dispatchEvent(new Event('playing'));
    await settle();
    expect(done()).toBe(false);
    presented?.();
    await settle();
    expect(done()).toBe(true);
  });

  it("takes 'playing' elsewhere, and gives up on a video that will not play", async () => {
    const playing = document.createElement('video');
    const done = state(untilFirstFrame({ video: playing, autoplay: pending() }));
    await settle();
    expect(done()).toBe(false);
    playing.dispatchEvent(new Event('playing'));
    await settle();
    expect(done()).toBe(true);

    const blocked = document.createElement('video');
    await untilFirstFrame({ video: blocked, autoplay: Promise.resolve('blocked') });
    const broken = document.createElement('video');
    const failing = untilFirstFrame({ video: broken, autoplay: pending() });
    broken.dispatchEvent(new Event('error'));
    await failing;
  });
});
