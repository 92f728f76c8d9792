import type { LiveStreamMeasure } from '@rudy/contracts';
import type { AmfObject } from './rtmp/amf0.js';
import { MSG, type RtmpMessage } from './rtmp/chunk-stream.js';
import { readAudioTag, readVideoTag, spsPictureSize } from './rtmp/codec-headers.js';

/** How much of the stream the figures cover (by its own timestamps). */
const WINDOW_MS = 10_000;
/** A frame that arrives this much behind the pace the stream set is late (a slow uplink). */
const LATE_MS = 1_000;

interface Sample {
  ts: number;
  bytes: number;
}

/** Bytes per second over the samples in the window, as kb/s (null without a span). */
function kbps(samples: Sample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.ts <= first.ts) return null;
  const bytes = samples.reduce((sum, s) => sum + s.bytes, 0) - first.bytes;
  return Math.round((bytes * 8) / (last.ts - first.ts));
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/**
 * What a publisher really sends, measured from its messages: frame rate and keyframe interval
 * from the video timestamps and keyframe flags, picture size from the H.264 SPS, audio from the
 * AAC config, bitrates over a window of stream time, frames missing from the timeline (a jump of
 * more than one and a half frame durations) and frames arriving late against the wall clock. The
 * encoder's onMetaData claims are kept beside them.
 */
export function createStreamHealth(now: () => number = Date.now) {
  const video: Sample[] = [];
  const audio: Sample[] = [];
  const keyframes: number[] = [];
  let videoCodec: string | null = null;
  let size: { width: number; height: number } | null = null;
  let audioInfo: { codec: string; sampleRate: number | null; channels: number | null } | null =
    null;
  let meta: AmfObject | undefined;
  let lastFrameTs: number | undefined;
  let dropped = 0;
  let late = 0;
  let expectedMs: number | undefined;
  /** The smallest (arrival − timestamp) seen: the stream's pace when nothing was behind. */
  let pace: number | undefined;

  /** Keeps the window: drops the oldest while the next one is still a window behind the newest. */
  const trim = <T>(list: T[], tsOf: (x: T) => number, newest: number) => {
    while (list.length > 2 && newest - tsOf(list[1] as T) >= WINDOW_MS) list.shift();
  };
  const sampleTs = (s: Sample) => s.ts;
  const self = (ts: number) => ts;

  /** Median duration between the video frames in the window (ms), from their timestamps. */
  const frameMs = () => {
    const gaps: number[] = [];
    for (let i = 1; i < video.length; i += 1) {
      const d = (video[i]?.ts ?? 0) - (video[i - 1]?.ts ?? 0);
      if (d > 0) gaps.push(d);
    }
    gaps.sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)];
  };

  return {
    metadata(values: AmfObject) {
      meta = values;
    },

    /**
     * The ingest held the socket back (its encoder was behind): what arrives next is late by our
     * doing, not the uplink's, so the pace is measured afresh.
     */
    rebase() {
      pace = undefined;
    },

    add(m: RtmpMessage) {
      if (m.type === MSG.video) {
        const tag = readVideoTag(m.payload);
        if (!tag) return;
        videoCodec = tag.codec;
        if (tag.sps) size = spsPictureSize(tag.sps) ?? size;
        if (!tag.frame) return;
        // The median frame duration, sorted afresh every 30 frames (not at every frame).
        if (expectedMs === undefined || video.length % 30 === 0) expectedMs = frameMs();
        const expected = expectedMs;
        if (lastFrameTs !== undefined && expected && m.timestamp - lastFrameTs > expected * 1.5) {
          dropped += Math.round((m.timestamp - lastFrameTs) / expected) - 1;
        }
        lastFrameTs = Math.max(lastFrameTs ?? m.timestamp, m.timestamp);
        const behind = now() - m.timestamp;
        pace = pace === undefined ? behind : Math.min(pace, behind);
        if (behind - pace > LATE_MS) late += 1;
        video.push({ ts: m.timestamp, bytes: m.payload.length });
        trim(video, sampleTs, m.timestamp);
        if (tag.keyframe) {
          keyframes.push(m.timestamp);
          trim(keyframes, self, m.timestamp);
        }
      } else if (m.type === MSG.audio) {
        const tag = readAudioTag(m.payload);
        if (!tag) return;
        audioInfo = {
          codec: tag.codec,
          sampleRate: tag.sampleRate ?? audioInfo?.sampleRate ?? null,
          channels: tag.channels ?? audioInfo?.channels ?? null,
        };
        if (!tag.frame) return;
        audio.push({ ts: m.timestamp, bytes: m.payload.length });
        trim(audio, sampleTs, m.timestamp);
      }
    },

    /** The figures now, as the ingest stores them for the console. */
    measure(): LiveStreamMeasure {
      const first = video[0];
      const last = video.at(-1);
      const span = first && last ? last.ts - first.ts : 0;
      let keyframeGap: number | null = null;
      for (let i = 1; i < keyframes.length; i += 1) {
        keyframeGap = Math.max(keyframeGap ?? 0, (keyframes[i] ?? 0) - (keyframes[i - 1] ?? 0));
      }
      // A keyframe longer ago than the longest gap seen is a longer gap in the making.
      const sinceKey = last && keyframes.length ? last.ts - (keyframes.at(-1) ?? 0) : 0;
      if (keyframeGap !== null && sinceKey > keyframeGap) keyframeGap = sinceKey;
      const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
      return {
        window_s: span > 0 ? round(span / 1000, 1) : null,
        video: videoCodec
          ? {
              codec: videoCodec,
              width: size?.width ?? num(meta?.width),
              height: size?.height ?? num(meta?.height),
              frame_rate: span > 0 ? round(((video.length - 1) * 1000) / span, 2) : null,
              keyframe_interval_s: keyframeGap === null ? null : round(keyframeGap / 1000, 2),
              bitrate_kbps: kbps(video),
            }
          : null,
        audio: audioInfo
          ? {
              codec: audioInfo.codec,
              sample_rate: audioInfo.sampleRate,
              channels: audioInfo.channels,
              bitrate_kbps: kbps(audio),
            }
          : null,
        claimed: meta
          ? {
              encoder: typeof meta.encoder === 'string' ? meta.encoder.slice(0, 100) : null,
              width: num(meta.width),
              height: num(meta.height),
              frame_rate: num(meta.framerate ?? meta.fps),
              video_kbps: num(meta.videodatarate),
              audio_kbps: num(meta.audiodatarate),
            }
          : null,
        dropped_frames: videoCodec ? dropped : null,
        late_frames: videoCodec ? late : null,
      };
    },
  };
}
export type StreamHealth = ReturnType<typeof createStreamHealth>;
