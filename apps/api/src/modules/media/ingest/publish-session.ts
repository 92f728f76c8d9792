import type { LiveDropReason, LiveStreamMeasure } from '@rudy/contracts';
import {
  FFMPEG_STALL_MS,
  startLiveIngestEncoder,
  type FfmpegProcess,
  type Rendition,
} from '@rudy/media';
import { createBitrateMeter } from './bitrate-meter.js';
import { createStreamHealth } from './stream-health.js';
import { decodeAmf0, type AmfObject } from './rtmp/amf0.js';
import { MSG, type RtmpMessage } from './rtmp/chunk-stream.js';
import { flvHeader, flvTag } from './rtmp/flv.js';
import type { EndReason, Publication, PublisherLink } from './rtmp/rtmp-server.js';

/**
 * Frames of the stream held while the recording opens and the encoder starts (a worker just
 * restarted, a busy machine: seconds). Held in memory up to HOLD_BACK_BYTES, then the publisher is
 * held back (TCP slows it down) rather than cut; what the socket had already read still comes, up
 * to MAX_HELD_BYTES. 16 MiB is about 20 s of a 6 Mb/s stream: an encoder such as OBS is never
 * held back by a start-up, and drops nothing of its own.
 */
const HOLD_BACK_BYTES = 16 << 20;
const MAX_HELD_BYTES = 24 << 20;
/** A message costs this much beside its payload (tiny messages are not free). */
const MESSAGE_OVERHEAD_BYTES = 64;

export interface SessionHooks {
  /** The encoder is running and writing in the recording's folder. */
  started(): void;
  /** The publisher is gone (why) and the encoder has finished its files. */
  ended(reason: EndReason): Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What onMetaData says about the stream (encoders send it before the first frame). */
function streamShape(meta: AmfObject | undefined) {
  const fps = Number(meta?.framerate ?? meta?.fps ?? 30);
  return {
    // Without metadata, assume both: OBS and ffmpeg always send it, so this is rare.
    hasAudio: meta ? meta.audiocodecid !== undefined || meta.stereo !== undefined : true,
    fps: Number.isFinite(fps) ? Math.min(60, Math.max(10, Math.round(fps))) : 30,
  };
}

/**
 * One accepted publisher: its messages go to ffmpeg as FLV (held, in order, while the recording
 * opens and ffmpeg starts, and the socket paused while ffmpeg is behind), and the bytes are
 * measured against the stream's timestamps for the console's bitrate. `recording`: the folder the
 * encoder writes, once the recording is open (a rejection cuts the publisher).
 */
export function createPublishSession(o: {
  recording: Promise<string>;
  link: PublisherLink;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  hooks: SessionHooks;
}): Publication & {
  kbps(): number | null;
  health(): LiveStreamMeasure;
  stop(reason: LiveDropReason): void;
} {
  let meta: AmfObject | undefined;
  let encoder: FfmpegProcess | null = null;
  let starting: Promise<void> | null = null;
  let ending: Promise<void> | null = null;
  const meter = createBitrateMeter();
  const health = createStreamHealth();
  const held: RtmpMessage[] = [];
  let heldBytes = 0;
  let holding = false;
  // No recording to write to: the publisher is cut (and reconnects), whether or not a frame came.
  o.recording.catch(() => o.link.cut('encoder_failed'));

  function holdBack() {
    if (holding) return;
    holding = true;
    o.link.pause();
  }
  function goOn() {
    holding = false;
    health.rebase();
    o.link.resume();
  }

  function feed(m: RtmpMessage) {
    const input = encoder?.stdin;
    if (!input) return;
    if (!input.write(flvTag(m)) && !holding) {
      holdBack();
      input.once('drain', goOn);
    }
  }

  async function start() {
    const shape = streamShape(meta);
    let dir: string;
    try {
      dir = await o.recording;
    } catch {
      o.link.cut('encoder_failed');
      return;
    }
    try {
      encoder = await startLiveIngestEncoder({
        outputDir: dir,
        ...shape,
        ...(o.ladder ? { ladder: o.ladder } : {}),
        ...(o.segmentSeconds ? { segmentSeconds: o.segmentSeconds } : {}),
        // Stopped when it makes no progress (stuck), never for being slow: the recording then
        // holds all that was received, however busy the machine.
        runOptions: { stallMs: FFMPEG_STALL_MS },
      });
    } catch (error) {
      o.hooks.log.error({ err: error }, 'live ingest encoder could not start');
      o.link.cut('encoder_failed');
      return;
    }
    // An encoder that dies takes the stream with it: the publisher is cut and reconnects.
    encoder.exited.catch((error: unknown) => {
      if (ending) return;
      o.hooks.log.error({ err: error }, 'live ingest encoder died');
      o.link.cut('encoder_failed');
    });
    encoder.stdin?.write(flvHeader({ hasAudio: shape.hasAudio, hasVideo: true }));
    // What came while it started, in order; nothing new is taken before (no await in between).
    heldBytes = 0;
    for (const m of held.splice(0)) feed(m);
    // Held back while it started: on once what was held is taken.
    if (holding) {
      if (encoder.stdin?.writableNeedDrain) encoder.stdin.once('drain', goOn);
      else goOn();
    }
    o.hooks.started();
  }

  async function finish(reason: EndReason) {
    await starting;
    if (encoder) {
      // At the end of its input ffmpeg encodes what it was sent and writes ENDLIST, however long
      // that takes on a busy machine; only a stuck one is stopped (its stall time).
      encoder.stdin?.end();
      await encoder.exited.catch(() => undefined);
    }
    await o.hooks.ended(reason);
  }

  return {
    write(m) {
      if (m.type === MSG.video || m.type === MSG.audio) {
        meter.add(m.timestamp, m.payload.length);
        health.add(m);
      }
      if (m.type === MSG.dataAmf0 && !encoder) {
        const values = (() => {
          try {
            return decodeAmf0(flvTag(m).subarray(11, -4));
          } catch {
            return [];
          }
        })();
        if (values[0] === 'onMetaData' && typeof values[1] === 'object' && values[1] !== null) {
          meta = values[1] as AmfObject;
          health.metadata(meta);
        }
      }
      if (encoder) {
        feed(m);
        return;
      }
      if (heldBytes >= MAX_HELD_BYTES) {
        o.hooks.log.error(
          { held: held.length, bytes: heldBytes },
          'live ingest encoder did not start in time',
        );
        o.link.cut('encoder_failed');
        return;
      }
      held.push(m);
      heldBytes += m.payload.length + MESSAGE_OVERHEAD_BYTES;
      if (heldBytes >= HOLD_BACK_BYTES) holdBack();
      if (!starting && m.type === MSG.video) starting = start();
    },
    end(reason) {
      ending ??= finish(reason).catch((error: unknown) =>
        o.hooks.log.error({ err: error }, 'live ingest did not end cleanly'),
      );
    },
    kbps: () => meter.kbps(),
    health: () => health.measure(),
    stop: (reason) => o.link.cut(reason),
  };
}
