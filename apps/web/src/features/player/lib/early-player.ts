import { hasAirPlay } from './airplay';
import type { Playback } from '@rudy/contracts';
import { hasMediaSource, loadHls, preloadStream, type LoadHls } from './attach-stream';
import { playWithFallback, type AutoplayResult } from './autoplay';
import { applyVolume } from './media-commands';
import { readVolume } from './volume-store';

/** What the server's splash holds on a watch page (app-shell.ts, withSplash): the player's box. */
export const SPLASH_PLAYER = '#splash .splash__player';

export interface EarlyVideo {
  url: string;
  video: HTMLVideoElement;
  /** How the stream started playing. */
  autoplay: Promise<AutoplayResult>;
}

let early: EarlyVideo | null = null;

/**
 * Starts a watch page's stream as soon as its URL is known. On a direct visit the server drew the
 * player's box (with the poster) into the splash: the video is created there, attached to the
 * stream and started, while the app still builds the page (issue
 * 14: the page's render took 0.6-0.9 s after /playback answered before its video existed). The
 * player adopts that element when it mounts (takeEarlyVideo), so nothing restarts. Elsewhere (a
 * page reached from another screen, no MSE, an ad first) the stream only preloads, for the player
 * to take over.
 */
export function startStream(
  url: string,
  { play }: { play: boolean },
  doc: Document = document,
  load: LoadHls = loadHls,
  hasMse: boolean = hasMediaSource(),
): EarlyVideo | null {
  const box = doc.querySelector(SPLASH_PLAYER);
  // A game with an ad first only loads: the ad is what plays first, and a stream attached this early
  // buffers (and keeps the page's main thread busy) while the page is still loading. Safari with
  // AirPlay plays natively (attach-stream.ts): the player does it.
  if (!play || !box || !hasMse || hasAirPlay() || early) {
    void preloadStream(url, load, hasMse);
    return null;
  }
  const video = doc.createElement('video');
  video.className = 'splash__video';
  video.playsInline = true;
  video.preload = 'auto';
  video.dataset.testid = 'main-video';
  // The viewer's remembered volume, as the player applies it (useVolume): nothing changes at adoption.
  applyVolume(video, readVolume());
  const poster = box.querySelector('.splash__poster');
  if (poster) poster.after(video);
  else box.prepend(video);
  // The ring over the poster says "loading": not over a playing game.
  video.addEventListener('playing', () => box.querySelector('.splash__ring')?.remove(), {
    once: true,
  });
  const attached = preloadStream(url, load, hasMse, video);
  early = { url, video, autoplay: attached.then(() => playWithFallback(video)) };
  return early;
}

/**
 * Starts the stream of a /playback answer the viewer may watch (startStream). A game whose ad comes
 * first only loads: the ad plays first (the player's pre-roll). The splash's video, if one was made.
 */
export function startGrantedStream(
  playback: Pick<Playback, 'access' | 'stream' | 'preroll'>,
): EarlyVideo | null {
  if (playback.access !== 'granted' || !playback.stream) return null;
  return startStream(playback.stream.url, { play: playback.preroll === null });
}

/**
 * Until the splash's video shows its first frame: resolved at once should it not play (autoplay
 * refused, an error), so nothing waits for a frame that will not come.
 */
export function untilFirstFrame({ video, autoplay }: Pick<EarlyVideo, 'video' | 'autoplay'>) {
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    if (typeof video.requestVideoFrameCallback === 'function') {
      video.requestVideoFrameCallback(done);
    } else video.addEventListener('playing', done, { once: true });
    video.addEventListener('error', done, { once: true });
    autoplay.then((result) => result === 'blocked' && done(), done);
  });
}

/** The video startStream began for `url`, now the caller's to place and keep; else null. */
export function takeEarlyVideo(url: string): EarlyVideo | null {
  if (early?.url !== url) return null;
  const taken = early;
  early = null;
  return taken;
}
