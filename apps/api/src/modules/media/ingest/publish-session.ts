import { startLiveIngestEncoder, type FfmpegProcess, type Rendition } from '@rudy/media';
import { createBitrateMeter } from './bitrate-meter.js';
import { decodeAmf0, type AmfObject } from './rtmp/amf0.js';
import { MSG, type RtmpMessage } from './rtmp/chunk-stream.js';
import { flvHeader, flvTag } from './rtmp/flv.js';
import type { Publication, PublisherLink } from './rtmp/rtmp-server.js';

/** Frames of the stream held while the encoder starts, at most. */
const MAX_HELD_MESSAGES = 2_000;

export interface SessionHooks {
  /** The encoder is running and writing under dir. */
  started(): void;
  /** The publisher is gone and the encoder has finished its files. */
  ended(): Promise<void>;
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
 * One accepted publisher: its messages go to ffmpeg as FLV (held while ffmpeg starts, and the
 * socket paused while ffmpeg is behind), and the bytes are measured
 * against the stream's timestamps for the console's bitrate.
 */
export function createPublishSession(o: {
  dir: string;
  link: PublisherLink;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  hooks: SessionHooks;
}): Publication & { kbps(): number | null; stop(): void } {
  let meta: AmfObject | undefined;
  let encoder: FfmpegProcess | null = null;
  let starting: Promise<void> | null = null;
  let ending: Promise<void> | null = null;
  const meter = createBitrateMeter();
  const held: RtmpMessage[] = [];

  function feed(m: RtmpMessage) {
    const input = encoder?.stdin;
    if (!input) return;
    if (!input.write(flvTag(m))) {
      o.link.pause();
      input.once('drain', () => o.link.resume());
    }
  }

  async function start() {
    const shape = streamShape(meta);
    try {
      encoder = await startLiveIngestEncoder({
        outputDir: o.dir,
        ...shape,
        ...(o.ladder ? { ladder: o.ladder } : {}),
        ...(o.segmentSeconds ? { segmentSeconds: o.segmentSeconds } : {}),
      });
    } catch (error) {
      o.hooks.log.error({ err: error }, 'live ingest encoder could not start');
      o.link.cut();
      return;
    }
    // An encoder that dies takes the stream with it: the publisher is cut and reconnects.
    encoder.exited.catch((error: unknown) => {
      if (ending) return;
      o.hooks.log.error({ err: error }, 'live ingest encoder died');
      o.link.cut();
    });
    encoder.stdin?.write(flvHeader({ hasAudio: shape.hasAudio, hasVideo: true }));
    for (const m of held.splice(0)) feed(m);
    o.hooks.started();
  }

  async function finish() {
    await starting;
    if (encoder) {
      encoder.stdin?.end();
      // At the end of its input ffmpeg writes the last segments and ENDLIST; a stuck one is stopped.
      const timer = setTimeout(() => void encoder?.stop(2_000), 15_000);
      await encoder.exited.catch(() => undefined);
      clearTimeout(timer);
    }
    await o.hooks.ended();
  }

  return {
    write(m) {
      if (m.type === MSG.video || m.type === MSG.audio) meter.add(m.timestamp, m.payload.length);
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
        }
      }
      if (encoder) {
        feed(m);
        return;
      }
      if (held.length >= MAX_HELD_MESSAGES) {
        o.link.cut();
        return;
      }
      held.push(m);
      if (!starting && m.type === MSG.video) starting = start();
    },
    end() {
      ending ??= finish().catch((error: unknown) =>
        o.hooks.log.error({ err: error }, 'live ingest did not end cleanly'),
      );
    },
    kbps: () => meter.kbps(),
    stop: () => o.link.cut(),
  };
}
