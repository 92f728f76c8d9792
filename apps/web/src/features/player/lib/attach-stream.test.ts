import { describe, expect, it, vi } from 'vitest';
import { attachStream, type HlsConstructor } from './attach-stream';
import { MAX_RECOVERIES } from './recovery';

type Handler = (event: string, data: unknown) => void;

/** Stands in for hls.js: records calls, lets the test fire its events. */
function fakeHls() {
  const instances: FakeHls[] = [];
  class FakeHls {
    static isSupported = () => true;
    static Events = {
      MANIFEST_PARSED: 'manifestParsed',
      LEVEL_SWITCHED: 'levelSwitched',
      FRAG_BUFFERED: 'fragBuffered',
      ERROR: 'error',
    };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    handlers = new Map<string, Handler>();
    config: unknown;
    startLoad = vi.fn();
    recoverMediaError = vi.fn();
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    startLevel = -1;
    nextLevel = -1;
    bandwidthEstimate = 5_000_000;
    autoLevelEnabled = true;
    liveSyncPosition = null;
    playingDate = null;
    constructor(config: unknown) {
      this.config = config;
      instances.push(this);
    }
    on(name: string, handler: Handler) {
      this.handlers.set(name, handler);
    }
    fire(name: string, data: unknown) {
      this.handlers.get(name)?.(name, data);
    }
  }
  return { Hls: FakeHls as unknown as HlsConstructor, instances };
}

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
    expect(hls?.config).toMatchObject({ liveSyncDuration: 3, capLevelToPlayerSize: true });
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

  it('lets Safari play HLS itself when there is no MSE, without loading hls.js', async () => {
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const load = vi.fn();
    await attachStream(video, 'http://localhost/m.m3u8', callbacks(), load, false);
    expect(load).not.toHaveBeenCalled();
    expect(video.src).toBe('http://localhost/m.m3u8');
  });
});
