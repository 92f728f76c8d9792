import type Hls from 'hls.js/light';
import type { ErrorData, HlsConfig, Level, ManifestParsedData } from 'hls.js/light';
// The transmuxer runs in a worker loaded from our own origin: the CSP (script-src 'self') forbids
// the blob: worker hls.js would otherwise build.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { nextRecovery, type FatalKind, type RecoveryCounts } from './recovery';
import { startLevelFor, type QualityLevel } from './quality';

/** hls.js options for this app's streams (2 s live segments, 4 s VOD segments). */
export const HLS_CONFIG: Partial<HlsConfig> = {
  // 3 s (one and a half 2 s segments) behind the live edge: about 5 s behind the encoder, since a
  // segment is listed only once complete. Two whole segments measured 6.1 s in the browser (bench).
  liveSyncDuration: 3,
  // Never fetch a rendition taller than the player shows.
  capLevelToPlayerSize: true,
  // The first fragment is fetched at once rather than after the level playlist settles.
  startFragPrefetch: true,
  // Enough to rewind a little without refetching; long live DVR sessions must not grow memory.
  backBufferLength: 60,
  maxBufferLength: 20,
  workerPath: hlsWorkerUrl,
};

/** What the player controls see of a stream, whichever engine plays it. */
export interface StreamSession {
  setLevel(index: number): void;
  /** The live edge (a bit behind the newest segment), or null for VOD and native playback. */
  liveEdge(): number | null;
  /** The program date-time at the play position (live encoder clock), when the stream has one. */
  playingDate(): Date | null;
  destroy(): void;
}

export interface StreamCallbacks {
  onLevels(levels: QualityLevel[]): void;
  onLevelSwitched(index: number, isAuto: boolean): void;
  /** Recovery gave up: the viewer sees the player error. */
  onFatal(): void;
}

/** The parts of hls.js used here, so tests can hand in a fake. */
export type HlsConstructor = Pick<typeof Hls, 'isSupported' | 'Events' | 'ErrorTypes'> &
  (new (config: Partial<HlsConfig>) => Hls);

export type LoadHls = () => Promise<HlsConstructor>;

/** The light build, split into its own chunk: only the watch screens ever download it. */
export const loadHls: LoadHls = async () => (await import('hls.js/light')).default;

/**
 * Safari and iOS (no Media Source Extensions) play HLS themselves. Where MSE exists, hls.js is used
 * even if the browser claims native HLS, for the quality menu and our error recovery.
 */
export function prefersNativeHls(video: HTMLVideoElement, hasMse: boolean): boolean {
  return !hasMse && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

export function hasMediaSource(): boolean {
  return (
    typeof globalThis.MediaSource !== 'undefined' ||
    typeof (globalThis as { ManagedMediaSource?: unknown }).ManagedMediaSource !== 'undefined'
  );
}

function nativeSession(video: HTMLVideoElement, url: string, callbacks: StreamCallbacks) {
  const onError = () => callbacks.onFatal();
  video.addEventListener('error', onError);
  video.src = url;
  callbacks.onLevels([]);
  return {
    setLevel: () => undefined,
    liveEdge: () => null,
    playingDate: () => null,
    destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  } satisfies StreamSession;
}

function toQuality(levels: Level[]): QualityLevel[] {
  return levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate }));
}

function fatalKind(HlsClass: HlsConstructor, data: ErrorData): FatalKind {
  if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) return 'network';
  if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) return 'media';
  return 'other';
}

/** Plays `url` in `video` with hls.js (or natively), recovering from errors a few times. */
export async function attachStream(
  video: HTMLVideoElement,
  url: string,
  callbacks: StreamCallbacks,
  load: LoadHls = loadHls,
  hasMse: boolean = hasMediaSource(),
): Promise<StreamSession> {
  if (prefersNativeHls(video, hasMse)) return nativeSession(video, url, callbacks);
  const HlsClass = await load();
  if (!HlsClass.isSupported()) return nativeSession(video, url, callbacks);

  const hls = new HlsClass(HLS_CONFIG);
  let counts: RecoveryCounts = { network: 0, media: 0 };
  const { Events } = HlsClass;

  hls.on(Events.MANIFEST_PARSED, (_event, data: ManifestParsedData) => {
    const levels = toQuality(data.levels);
    hls.startLevel = startLevelFor(
      levels,
      video.clientHeight * (globalThis.devicePixelRatio || 1),
      hls.bandwidthEstimate,
    );
    callbacks.onLevels(levels);
  });
  hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
    callbacks.onLevelSwitched(data.level, hls.autoLevelEnabled);
  });
  // A fragment that played well means the stream is healthy again: recoveries start over.
  hls.on(Events.FRAG_BUFFERED, () => {
    counts = { network: 0, media: 0 };
  });
  hls.on(Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal) return;
    const next = nextRecovery(fatalKind(HlsClass, data), counts);
    counts = next.counts;
    if (next.action === 'reload') hls.startLoad();
    else if (next.action === 'recover-media') hls.recoverMediaError();
    else callbacks.onFatal();
  });

  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    setLevel(index) {
      // nextLevel switches at the next fragment: no flush, no stall; -1 returns to automatic.
      hls.nextLevel = index;
    },
    liveEdge: () => hls.liveSyncPosition,
    playingDate: () => hls.playingDate,
    destroy: () => hls.destroy(),
  };
}
