import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, Level, ManifestParsedData } from 'hls.js';
// The transmuxer runs in a worker loaded from our own origin: the CSP (script-src 'self') forbids
// the blob: worker hls.js would otherwise build.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import type { ClipTimeline, DvrWindowStart } from '@rudy/contracts';
import { recordingOffset, timelineAnchor } from './live-timeline';
import { nextRecovery, type FatalKind, type RecoveryCounts } from './recovery';
import { startLevelFor, type QualityLevel } from './quality';
import { prefetchStreamStart } from './stream-prefetch';
import { hasAirPlay } from './airplay';
import { resetOnRewind, trackSourceBuffers } from './rewind-reset';
import { nudgeStalls } from './stall-watchdog';

/**
 * How far behind where it should be (hls.js's live sync position) a player that follows the live
 * game may fall before it jumps there rather than catching up by playing faster. A viewer who
 * seeks back further than this is watching the DVR and is left where they went.
 */
export const LIVE_JUMP_S = 1;
/** How fast a player that fell a little behind live plays to catch up (hls.js picks up to this). */
export const LIVE_CATCH_UP_RATE = 1.25;

/**
 * hls.js's bandwidth estimate until it has measured a download (its own default, named here because
 * the start rendition, and the prefetch of its first segment, are chosen with it).
 */
export const START_BANDWIDTH_BPS = 500_000;

/** hls.js options for this app's streams (1 s live segments, 4 s VOD segments). */
export const HLS_CONFIG: Partial<HlsConfig> = {
  abrEwmaDefaultEstimate: START_BANDWIDTH_BPS,
  // 2 s (two 1 s segments) behind the live edge as hls.js estimates it (the newest segment's end
  // plus the time since the playlist was read): 2.5-3.5 s behind the wall clock, since a segment
  // is listed only once complete and the playlist is read once a segment.
  liveSyncDuration: 2,
  // A stall would otherwise move that target back by a second for good (hls.js's default): on a
  // saturated machine stalls come from the CPU, not from too short a buffer, and the player
  // catches up instead (below and followLive).
  liveSyncOnStallIncrease: 0,
  // A player a little behind plays up to this much faster until it is back (hls.js does it within
  // a segment or so of the target; followLive jumps beyond). Set to 1 while the viewer is in the DVR.
  maxLiveSyncPlaybackRate: LIVE_CATCH_UP_RATE,
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
  /** Where the player's clock sits on the recording near `at` (live-timeline.ts); null natively. */
  timelineAnchor(at: number): ClipTimeline | null;
  /**
   * Live: the player's clock minus the recording's, from the playback answer's window start
   * (live-timeline.ts); null natively or before the playlist is loaded.
   */
  recordingOffset(windowStart: DvrWindowStart): number | null;
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

let hlsLoaded = false;
/** The stream whose first requests were made for hls.js (once: start-up may preload it twice). */
let prefetchedUrl: string | null = null;

/**
 * The full build (the light one has no subtitle renditions: captions), split into its own chunk:
 * only the watch screens ever download it.
 */
export const loadHls: LoadHls = async () => {
  const { default: HlsClass } = await import('hls.js');
  hlsLoaded = true;
  return HlsClass;
};

/**
 * Safari and iOS (no Media Source Extensions) play HLS themselves, and so does a browser with
 * AirPlay (Safari on the Mac): AirPlay, its picture-in-picture and its caption menu hand a receiver
 * the element's own source, the signed stream, which a MediaSource is not. Elsewhere, where MSE
 * exists, hls.js is used even if the browser claims native HLS, for the quality menu and our error
 * recovery.
 */
export function prefersNativeHls(
  video: HTMLVideoElement,
  hasMse: boolean,
  airPlay: boolean = hasAirPlay(),
): boolean {
  return (!hasMse || airPlay) && video.canPlayType('application/vnd.apple.mpegurl') !== '';
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
    timelineAnchor: () => null,
    // Safari's own clock for a live stream is not tied to a segment the page can name.
    recordingOffset: () => null,
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

/** How long a preloaded stream waits for its player before it is let go (the viewer went elsewhere). */
export const PRELOAD_KEEP_MS = 15_000;

interface Preload {
  url: string;
  hls: Hls;
  /** Removes the preload's own listeners (the player brings its own). */
  release(): void;
  timer: ReturnType<typeof setTimeout>;
}

let preloaded: Preload | null = null;

function dropPreload(entry: Preload | null = preloaded) {
  if (!entry) return;
  clearTimeout(entry.timer);
  if (preloaded === entry) preloaded = null;
  entry.hls.destroy();
}

/**
 * The player's height before the player exists: the watch page's player is as wide as the page
 * allows and 16:9, never taller than the window (only the start rendition depends on it).
 */
function expectedPlayerHeightPx(): number {
  const width = globalThis.innerWidth || 0;
  const height = globalThis.innerHeight || 0;
  return Math.min((width * 9) / 16, height) * (globalThis.devicePixelRatio || 1);
}

/**
 * Starts loading `url` with hls.js before its player is drawn: the watch page's loader calls it
 * as soon as /playback answers, so the master and media playlists, the first segment and the
 * transmuxer worker load while the page renders (hls.js buffers the segment until a video is
 * attached; `startFragPrefetch`). attachStream on the same URL takes it over; a stream nobody
 * claims within PRELOAD_KEEP_MS, or one that fails, is let go. Native HLS (no MSE) is not preloaded.
 * With a `video` (the splash's, early-player.ts) the stream is attached to it at once.
 */
export async function preloadStream(
  url: string,
  load: LoadHls = loadHls,
  hasMse: boolean = hasMediaSource(),
  video: HTMLVideoElement | null = null,
): Promise<void> {
  if (!hasMse || hasAirPlay() || preloaded?.url === url) return;
  // While hls.js's code downloads, its first requests are made for it (stream-prefetch.ts).
  if (load === loadHls && !hlsLoaded && prefetchedUrl !== url) {
    prefetchedUrl = url;
    void prefetchStreamStart(url, {
      playerHeightPx: expectedPlayerHeightPx(),
      bandwidthBps: START_BANDWIDTH_BPS,
      workerUrl: hlsWorkerUrl,
    });
  }
  const HlsClass = await load();
  if (!HlsClass.isSupported() || preloaded?.url === url) return;
  dropPreload();
  const hls = createHls(HlsClass);
  const { Events } = HlsClass;
  const onManifest = (_event: string, data: ManifestParsedData) => {
    hls.startLevel = startLevelFor(
      toQuality(data.levels),
      expectedPlayerHeightPx(),
      hls.bandwidthEstimate,
    );
  };
  const onError = (_event: string, data: ErrorData) => {
    if (data.fatal) dropPreload(entry);
  };
  const entry: Preload = {
    url,
    hls,
    release() {
      hls.off(Events.MANIFEST_PARSED, onManifest);
      hls.off(Events.ERROR, onError);
    },
    timer: setTimeout(() => dropPreload(entry), PRELOAD_KEEP_MS),
  };
  hls.on(Events.MANIFEST_PARSED, onManifest);
  hls.on(Events.ERROR, onError);
  preloaded = entry;
  hls.loadSource(url);
  // The splash's early video (early-player.ts) plays from here on; the player adopts both.
  if (video) hls.attachMedia(video);
}

function createHls(HlsClass: HlsConstructor): Hls {
  const hls = new HlsClass(HLS_CONFIG);
  trackSourceBuffers(hls, HlsClass.Events);
  return hls;
}

/** The preloaded hls.js instance of `url`, now the caller's, or null. */
function claimPreload(url: string): Hls | null {
  const entry = preloaded;
  if (entry?.url !== url) return null;
  preloaded = null;
  clearTimeout(entry.timer);
  entry.release();
  return entry.hls;
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

  const claimed = claimPreload(url);
  const hls = claimed ?? createHls(HlsClass);
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

  if (!claimed) hls.loadSource(url);
  // A preloaded stream's manifest may be parsed already (its start level chosen then).
  else if (hls.levels.length > 0) callbacks.onLevels(toQuality(hls.levels));
  // Attached already when the player adopted the splash's early video (early-player.ts).
  if (hls.media !== video) hls.attachMedia(video);
  const unfollow = followLive(video, hls);
  const unreset = resetOnRewind(video, hls, Events);
  const unwatch = nudgeStalls(video);
  // Worked out once per window start: the player's clock does not move against the recording's
  // during a session, while the start's segment soon leaves the playlist (the window slides) and
  // is then only estimated. A renewed playback answer brings a fresh start.
  let offset: { from: DvrWindowStart; value: number } | null = null;
  return {
    setLevel(index) {
      // nextLevel switches at the next fragment: no flush, no stall; -1 returns to automatic.
      hls.nextLevel = index;
    },
    liveEdge: () => hls.liveSyncPosition,
    playingDate: () => hls.playingDate,
    timelineAnchor: (at) => timelineAnchor(hls.latestLevelDetails, at),
    recordingOffset(windowStart) {
      if (offset && sameWindowStart(offset.from, windowStart)) return offset.value;
      const value = recordingOffset(hls.latestLevelDetails, windowStart);
      if (value !== null) offset = { from: windowStart, value };
      return value;
    },
    destroy: () => {
      unfollow();
      unreset();
      unwatch();
      hls.destroy();
    },
  };
}

const sameWindowStart = (a: DvrWindowStart, b: DvrWindowStart) =>
  a.media_sequence === b.media_sequence && a.recording_seconds === b.recording_seconds;

/** The parts of an hls.js instance that followLive reads and sets. */
export type LiveHls = Pick<Hls, 'liveSyncPosition' | 'latestLevelDetails' | 'config'>;

/**
 * Keeps a player that follows a live game at its distance from the live edge: one that fell
 * behind by itself (a stall, a slow machine) plays faster (hls.js, up to LIVE_CATCH_UP_RATE) or,
 * further than LIVE_JUMP_S behind, jumps back. A viewer who went back (a seek backwards beyond
 * that, or a pause) watches the DVR and is not pulled forward, until they go back to the edge
 * themselves ("Go live", or a seek or play close enough to it). Returns the cleanup.
 */
export function followLive(video: HTMLVideoElement, hls: LiveHls): () => void {
  let following = true;
  let lastTime = video.currentTime;
  const behind = () => {
    const sync = hls.liveSyncPosition;
    return hls.latestLevelDetails?.live && sync !== null ? sync - video.currentTime : null;
  };
  const follow = (on: boolean) => {
    following = on;
    hls.config.maxLiveSyncPlaybackRate = on ? LIVE_CATCH_UP_RATE : 1;
    // hls.js leaves the rate as it was once catching up is off.
    if (!on && video.playbackRate > 1) video.playbackRate = 1;
  };
  const onTimeupdate = () => {
    // WebKit sends a timeupdate between a seek's start and its `seeking` event, the position
    // already at the target: a viewer's rewind looked like falling behind, and was pulled back
    // to live (issue 31). Where a seek goes is for onSeeking to judge.
    if (video.seeking) return;
    const distance = behind();
    if (following && distance !== null && distance > LIVE_JUMP_S && !video.paused) {
      video.currentTime = hls.liveSyncPosition ?? video.currentTime;
    }
    lastTime = video.currentTime;
  };
  const onSeeking = () => {
    const distance = behind();
    if (distance !== null && distance <= LIVE_JUMP_S) follow(true);
    // hls.js only ever moves the playhead forward (start, gaps, catching up): back is the viewer.
    else if (distance !== null && video.currentTime < lastTime - 0.5) follow(false);
    lastTime = video.currentTime;
  };
  const onPause = () => follow(false);
  const onPlay = () => {
    const distance = behind();
    if (distance !== null && distance <= LIVE_JUMP_S) follow(true);
  };
  video.addEventListener('timeupdate', onTimeupdate);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('pause', onPause);
  video.addEventListener('play', onPlay);
  return () => {
    video.removeEventListener('timeupdate', onTimeupdate);
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('play', onPlay);
  };
}
