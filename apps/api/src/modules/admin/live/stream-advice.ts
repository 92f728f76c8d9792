import type { LiveHealthAdvice, LiveStreamMeasure } from '@rudy/contracts';
import { LIVE_LADDER, type Rendition } from '@rudy/media';

/**
 * Where a publisher's input does not fit the live ladder, and the OBS setting that fixes it (its
 * value without words: the console words each setting in the viewer's language). The
 * ingest re-encodes into the ladder (LIVE_LADDER, keyframes every segment), so a poor input still
 * plays, but poorly: keyframes far apart delay the start of every (re)connection, a picture or a
 * bitrate below the top rendition is stretched, not sharpened, and frames lost upstream are gone.
 */

/** OBS's usual advice (and every platform's): a keyframe every 2 s; past 4 s it shows. */
export const KEYFRAME_ADVICE_S = 2;
export const KEYFRAME_LIMIT_S = 4;
const MIN_FRAME_RATE = 24;
/** Figures need a few seconds of stream before they say anything. */
const SETTLED_S = 4;

export function streamAdvice(
  m: LiveStreamMeasure,
  ladder: readonly Rendition[] = LIVE_LADDER,
): LiveHealthAdvice[] {
  const top = ladder[0];
  const advice: LiveHealthAdvice[] = [];
  const video = m.video;
  const settled = (m.window_s ?? 0) >= SETTLED_S;
  if (!video || !top) return advice;
  const add = (
    code: LiveHealthAdvice['code'],
    measured: number | string | null,
    setting: LiveHealthAdvice['obs']['setting'],
    value: string,
  ) =>
    advice.push({
      code,
      measured: typeof measured === 'number' ? measured : null,
      codec: typeof measured === 'string' ? measured : null,
      obs: { setting, value },
    });

  if (video.codec !== 'h264') add('video_codec', video.codec, 'video_encoder', 'x264');
  if (video.keyframe_interval_s !== null && video.keyframe_interval_s > KEYFRAME_LIMIT_S) {
    add(
      'keyframes_far_apart',
      video.keyframe_interval_s,
      'keyframe_interval',
      String(KEYFRAME_ADVICE_S),
    );
  }
  if (video.height !== null && video.height < top.height) {
    add('resolution_low', video.height, 'output_resolution', `${top.width}x${top.height}`);
  }
  if (settled && video.bitrate_kbps !== null && video.bitrate_kbps < top.videoKbps) {
    // Above the top rendition's own rate: the re-encode loses some of what it is given.
    const kbps = Math.ceil((top.videoKbps * 1.5) / 500) * 500;
    add('bitrate_low', video.bitrate_kbps, 'bitrate', String(kbps));
  }
  if (settled && video.frame_rate !== null && video.frame_rate < MIN_FRAME_RATE) {
    add('frame_rate_low', video.frame_rate, 'fps', '30');
  }
  if (settled && !m.audio) add('no_audio', null, 'audio_track', 'AAC');
  if (m.audio && m.audio.codec !== 'aac') add('audio_codec', m.audio.codec, 'audio_encoder', 'AAC');
  // Frames lost or late upstream: the encoder (or its uplink) cannot keep up with its settings.
  if ((m.dropped_frames ?? 0) > 0) {
    add('frames_dropped', m.dropped_frames, 'rate_control', 'CBR');
  }
  if ((m.late_frames ?? 0) > 0) {
    add('frames_late', m.late_frames, 'rate_control', 'CBR');
  }
  return advice;
}
