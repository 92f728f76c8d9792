import type { PlaybackStream } from '@rudy/contracts';

/** Clip URLs are signed for an hour (the server's token life). */
const CLIP_URL_LIFE_MS = 60 * 60_000;

/** A finished clip as the player plays streams: a short VOD from its signed HLS playlist. */
export function clipStream(clip: { stream_url: string; duration: number }): PlaybackStream {
  return {
    kind: 'vod',
    format: 'hls',
    url: clip.stream_url,
    is_external: false,
    duration_seconds: clip.duration,
    dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
    expires_at: new Date(Date.now() + CLIP_URL_LIFE_MS).toISOString(),
  };
}

/** The share page's full address, to copy or hand to the system's share sheet. */
export function shareUrl(sharePath: string): string {
  return new URL(sharePath, window.location.origin).href;
}
