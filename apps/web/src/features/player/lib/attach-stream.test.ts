import { describe, expect, it, vi } from 'vitest';
import {
  attachStream,
  followLive,
  LIVE_CATCH_UP_RATE,
  LIVE_JUMP_S,
  preloadStream,
  PRELOAD_KEEP_MS,
  type LiveHls,
} from './attach-stream';
import { fakeHls } from './fake-hls.test-support';
import { MAX_RECOVERIES } from './recovery';

function callbacks() {
  return { onLevels: vi.fn(), onLevelSwitched: vi.fn(), onFatal: vi.fn() };
}

describe('attachStream', () => {
  it('plays through hls.js where MSE exists, holding two segments behind live', async () => {
    const { Hls, instances } = fakeHls();
    const video = document.createElement('video');
    const cb = callbacks();
    await attachStream(video, '/media/x/master.m3u8', cb, () => Promise.resolve(Hls), true);
    const hls = instances[0];
    expect(hls?.config).toMatchObject({
      liveSyncDuration: 2,
      maxLiveSyncPlaybackRate: LIVE_CATCH_UP_RATE,
      capLevelToPlayerSize: true,
    });
    expect(hls?.loadSource).toHaveBeenCalledWith('/media/x/master.m3u8');
    expect(hls?.attachMedia).toHaveBeenCalledWith(video);
    hls?.fire('manifestParsed', {
      levels: [
        { height: 720, bitrate: 2e6 },
        { height: 360, bitrate: 8e5 },
      ],
    });
    expect(cb.onLevels).toHaveBeenCalledWith([
      { index: 0, height: 720, bitrate: 2e6 },
      { index: 1, height: 360, bitrate: 8e5 },
    ]);
  });

  it('recovers from fatal errors a few times, then reports the player error', async () => {
    const { Hls, instances } = fakeHls();
    const cb = callbacks();
    await attachStream(
      document.createElement('video'),
      '/m.m3u8',
      cb,
      () => Promise.resolve(Hls),
      true,
    );
    const hls = instances[0];
    hls?.fire('error', { fatal: false, type: 'networkError' });
    expect(hls?.startLoad).not.toHaveBeenCalled();
    hls?.fire('error', { fatal: true, type: 'mediaError' });
    expect(hls?.recoverMediaError).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_RECOVERIES; i++)
      hls?.fire('error', { fatal: true, type: 'networkError' });
    expect(hls?.startLoad).toHaveBeenCalledTimes(MAX_RECOVERIES);
    expect(cb.onFatal).not.toHaveBeenCalled();
    hls?.fire('error', { fatal: true, type: 'networkError' });
    expect(cb.onFatal).toHaveBeenCalledTimes(1);
  });

  it("keeps the player's offset from the recording while the window slides past the answer's start", async () => {
    const { Hls, instances } = fakeHls();
    const video = document.createElement('video');
    const session = await attachStream(
      video,
      '/m.m3u8',
      callbacks(),
      () => Promise.resolve(Hls),
      true,
    );
    const hls = instances[0]!;
    const windowStart = { media_sequence: 100, recording_seconds: 400 };
    expect(session.recordingOffset(windowStart)).toBeNull();
    const segments = (first: number) =>
      Array.from({ length: 10 }, (_, i) => ({
        sn: first + i,
        start: first - 100 + i,
        duration: 1,
      }));
    hls.latestLevelDetails = { live: true, fragments: segments(100) };
    expect(session.recordingOffset(windowStart)).toBe(-400);
    // Much later the playlist holds none of the answer's segments, and is not asked again.
    hls.latestLevelDetails = { live: true, fragments: [] };
    expect(session.recordingOffset(windowStart)).toBe(-400);
    // A renewed answer's start is read from the playlist of the moment.
    hls.latestLevelDetails = { live: true, fragments: segments(700) };
    expect(session.recordingOffset({ media_sequence: 705, recording_seconds: 1005 })).toBe(-400);
  });

  it('lets Safari play HLS itself when there is no MSE, without loading hls.js', async () => {
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const load = vi.fn();
    await attachStream(video, 'http://localhost/m.m3u8', callbacks(), load, false);
    expect(load).not.toHaveBeenCalled();
    expect(video.src).toBe('http://localhost/m.m3u8');
  });
});

describe('preloadStream', () => {
  /** A player mounting on `url` with a video element of its own, where MSE exists. */
  const attachFresh = (url: string, load: Parameters<typeof attachStream>[3]) =>
    attachStream(document.createElement('video'), url, callbacks(), load, true);

  const levels = [
    { height: 720, bitrate: 2e6 },
    { height: 360, bitrate: 8e5 },
  ];

  it('starts loading before the player exists; the player takes the same hls.js over', async () => {
    const { Hls, instances } = fakeHls();
    const load = () => Promise.resolve(Hls);
    await preloadStream('/media/a/master.m3u8', load, true);
    const hls = instances[0];
    expect(hls?.loadSource).toHaveBeenCalledWith('/media/a/master.m3u8');
    expect(hls?.attachMedia).not.toHaveBeenCalled();
    // The manifest arrives before the page has drawn the player: it chooses the start rendition.
    if (hls) hls.levels = levels;
    hls?.fire('manifestParsed', { levels });
    expect(hls?.startLevel).not.toBe(-1);

    const video = document.createElement('video');
    const cb = callbacks();
    await attachStream(video, '/media/a/master.m3u8', cb, load, true);
    expect(instances).toHaveLength(1);
    expect(hls?.loadSource).toHaveBeenCalledTimes(1);
    expect(hls?.attachMedia).toHaveBeenCalledWith(video);
    expect(cb.onLevels).toHaveBeenCalledWith([
      { index: 0, height: 720, bitrate: 2e6 },
      { index: 1, height: 360, bitrate: 8e5 },
    ]);
    // Now the player's: its errors are the player's to handle, the preload's timer is gone.
    for (let i = 0; i <= MAX_RECOVERIES; i++) {
      hls?.fire('error', { fatal: true, type: 'networkError' });
    }
    expect(cb.onFatal).toHaveBeenCalledTimes(1);
    expect(hls?.destroy).not.toHaveBeenCalled();
  });

  it("attaches a preload's video at once (the splash's), and the player keeps it attached", async () => {
    const { Hls, instances } = fakeHls();
    const load = () => Promise.resolve(Hls);
    const video = document.createElement('video');
    await preloadStream('/media/a/master.m3u8', load, true, video);
    const hls = instances[0];
    expect(hls?.attachMedia).toHaveBeenCalledWith(video);
    await attachStream(video, '/media/a/master.m3u8', callbacks(), load, true);
    expect(instances).toHaveLength(1);
    // Attaching again would have opened a new MediaSource and dropped what was buffered.
    expect(hls?.attachMedia).toHaveBeenCalledTimes(1);
  });

  it('is not used for another URL (a renewed one), and goes when another is preloaded', async () => {
    const { Hls, instances } = fakeHls();
    const load = () => Promise.resolve(Hls);
    await preloadStream('/media/old/master.m3u8', load, true);
    await preloadStream('/media/old/master.m3u8', load, true);
    expect(instances).toHaveLength(1);
    await preloadStream('/media/b/master.m3u8', load, true);
    expect(instances[0]?.destroy).toHaveBeenCalled();
    await attachFresh('/media/c/master.m3u8', load);
    expect(instances).toHaveLength(3);
    expect(instances[2]?.loadSource).toHaveBeenCalledWith('/media/c/master.m3u8');
    // The one for b is still waiting for its player.
    expect(instances[1]?.destroy).not.toHaveBeenCalled();
    await attachFresh('/media/b/master.m3u8', load);
    expect(instances).toHaveLength(3);
  });

  it('lets go of a stream nobody claims, or one that failed', async () => {
    vi.useFakeTimers();
    try {
      const { Hls, instances } = fakeHls();
      const load = () => Promise.resolve(Hls);
      await preloadStream('/media/a/master.m3u8', load, true);
      vi.advanceTimersByTime(PRELOAD_KEEP_MS);
      expect(instances[0]?.destroy).toHaveBeenCalled();
      await preloadStream('/media/b/master.m3u8', load, true);
      instances[1]?.fire('error', { fatal: true, type: 'networkError' });
      expect(instances[1]?.destroy).toHaveBeenCalled();
      // The player starts afresh.
      await attachFresh('/media/b/master.m3u8', load);
      expect(instances).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves browsers without MSE to play natively', async () => {
    const load = vi.fn();
    await preloadStream('/media/a/master.m3u8', load, false);
    expect(load).not.toHaveBeenCalled();
  });
});

/** A playing live video element and an hls.js whose sync position the test moves. */
function liveFixture() {
  const video = document.createElement('video');
  let time = 100;
  let paused = false;
  let seeking = false;
  Object.defineProperty(video, 'currentTime', {
    get: () => time,
    set: (t: number) => {
      time = t;
      video.dispatchEvent(new Event('seeking'));
    },
  });
  Object.defineProperty(video, 'paused', { get: () => paused });
  Object.defineProperty(video, 'seeking', { get: () => seeking });
  const hls = {
    liveSyncPosition: 100 as number | null,
    latestLevelDetails: { live: true },
    config: { maxLiveSyncPlaybackRate: LIVE_CATCH_UP_RATE },
  };
  followLive(video, hls as unknown as LiveHls);
  const play = (at: number) => {
    time = at;
    video.dispatchEvent(new Event('timeupdate'));
  };
  const pause = () => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  };
  const resume = () => {
    paused = false;
    video.dispatchEvent(new Event('play'));
  };
  /**
   * A seek as WebKit tells it: the position is at the target and `seeking` is true at once, then a
   * timeupdate comes before the `seeking` event.
   */
  const seekAsWebKit = (to: number) => {
    time = to;
    seeking = true;
    video.dispatchEvent(new Event('timeupdate'));
    video.dispatchEvent(new Event('seeking'));
    seeking = false;
  };
  return { video, hls, play, pause, resume, seekAsWebKit, time: () => time };
}

describe('followLive', () => {
  it('jumps back to the live position once it fell behind by itself, not before', () => {
    const f = liveFixture();
    f.hls.liveSyncPosition = 100 + LIVE_JUMP_S;
    f.play(100.2); // a little behind: hls.js plays faster, no jump
    expect(f.time()).toBe(100.2);
    f.hls.liveSyncPosition = 110;
    f.play(100.5); // a stall left it far behind
    expect(f.time()).toBe(110);
    expect(f.hls.config.maxLiveSyncPlaybackRate).toBe(LIVE_CATCH_UP_RATE);
  });

  it('leaves a viewer who rewound in the DVR, playing at normal speed, until they go live', () => {
    const f = liveFixture();
    f.play(100);
    f.video.playbackRate = 1.2;
    f.video.currentTime = 40; // the viewer seeks back
    f.play(41);
    f.hls.liveSyncPosition = 120;
    f.play(42);
    expect(f.time()).toBe(42);
    expect(f.hls.config.maxLiveSyncPlaybackRate).toBe(1);
    expect(f.video.playbackRate).toBe(1);
    f.video.currentTime = 120; // "Go live"
    f.hls.liveSyncPosition = 130;
    f.play(121);
    expect(f.time()).toBe(130);
    expect(f.hls.config.maxLiveSyncPlaybackRate).toBe(LIVE_CATCH_UP_RATE);
  });

  it("leaves a viewer's rewind alone when a timeupdate comes before its seeking event (WebKit)", () => {
    const f = liveFixture();
    f.play(100);
    f.hls.liveSyncPosition = 101;
    f.seekAsWebKit(0.1); // the seek bar's start: the DVR window's
    expect(f.time()).toBe(0.1);
    f.play(1);
    expect(f.time()).toBe(1);
    expect(f.hls.config.maxLiveSyncPlaybackRate).toBe(1);
  });

  it('resumes a paused live game where it was paused', () => {
    const f = liveFixture();
    f.pause();
    f.hls.liveSyncPosition = 130;
    f.resume();
    f.play(100.3);
    expect(f.time()).toBe(100.3);
    // Paused for less than the jump: back to following live.
    f.pause();
    f.hls.liveSyncPosition = 100.3 + LIVE_JUMP_S - 0.1;
    f.resume();
    f.hls.liveSyncPosition = 110;
    f.play(100.4);
    expect(f.time()).toBe(110);
  });

  it('does nothing for VOD', () => {
    const f = liveFixture();
    f.hls.latestLevelDetails = { live: false };
    f.hls.liveSyncPosition = 500;
    f.play(10);
    expect(f.time()).toBe(10);
  });
});
