import { vi } from 'vitest';
import type { HlsConstructor } from './attach-stream';

type Handler = (event: string, data: unknown) => void;

/** Stands in for hls.js: records calls, lets the test fire its events. */
export function fakeHls() {
  const instances: FakeHls[] = [];
  class FakeHls {
    static isSupported = () => true;
    static Events = {
      MANIFEST_PARSED: 'manifestParsed',
      LEVEL_SWITCHED: 'levelSwitched',
      FRAG_BUFFERED: 'fragBuffered',
      BUFFER_CREATED: 'bufferCreated',
      BUFFER_FLUSHING: 'bufferFlushing',
      BUFFER_FLUSHED: 'bufferFlushed',
      ERROR: 'error',
    };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    handlers = new Map<string, Handler[]>();
    config: unknown;
    levels: { height: number; bitrate: number }[] = [];
    startLoad = vi.fn();
    stopLoad = vi.fn();
    trigger = vi.fn();
    recoverMediaError = vi.fn();
    loadSource = vi.fn();
    media: HTMLMediaElement | null = null;
    attachMedia = vi.fn((media: HTMLMediaElement) => {
      this.media = media;
    });
    destroy = vi.fn();
    startLevel = -1;
    nextLevel = -1;
    bandwidthEstimate = 5_000_000;
    autoLevelEnabled = true;
    liveSyncPosition = null;
    playingDate = null;
    /** The playlist the player is on (its segments on the player's clock), set by a test. */
    latestLevelDetails: {
      live: boolean;
      fragments: { sn: number; start: number; duration: number }[];
    } | null = null;
    constructor(config: unknown) {
      this.config = config;
      instances.push(this);
    }
    on(name: string, handler: Handler) {
      this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    }
    off(name: string, handler: Handler) {
      this.handlers.set(
        name,
        (this.handlers.get(name) ?? []).filter((h) => h !== handler),
      );
    }
    fire(name: string, data: unknown) {
      for (const handler of this.handlers.get(name) ?? []) handler(name, data);
    }
  }
  return { Hls: FakeHls as unknown as HlsConstructor, instances };
}
