import { inputArgs } from './args/common.js';
import { encodeLimits, spawnFfmpeg, type FfmpegProcess } from './runner.js';
import { createPeakFinder, type CrowdPeak, type LoudnessSample } from './crowd-peaks.js';

/**
 * ffmpeg's arguments for the momentary loudness of an input's audio: video is not decoded
 * (`-vn`), `ebur128=metadata=1` tags each 100 ms of audio with `lavfi.r128.M` and `ametadata`
 * prints those tags to pipe:3 as blocks of
 *   frame:12   pts:57600   pts_time:1.2
 *   lavfi.r128.M=-41.183
 * Nothing is encoded: the null muxer drops the audio.
 */
export function loudnessArgs(
  input: string,
  opts: { live?: boolean; realtime?: boolean } = {},
): string[] {
  return [
    // A live playlist is read as it grows, from its first segment (the recording's start).
    ...(opts.live ? ['-live_start_index', '0'] : []),
    // At the input's own pace: what following a live game costs (the benchmark's live figure).
    ...(opts.realtime ? ['-re'] : []),
    '-vn',
    '-sn',
    '-dn',
    ...inputArgs(input),
    '-map',
    '0:a:0',
    '-af',
    "ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M:direct=1:file='pipe\\:3'",
    '-f',
    'null',
    '-',
  ];
}

/**
 * Turns the chunks ametadata prints into samples; keeps a partial line between chunks. Times are
 * ffmpeg's, which starts the input's clock at 0 (no -copyts): seconds of the recording.
 */
export function createLoudnessParser(onSample: (s: LoudnessSample) => void) {
  let buffer = '';
  let t: number | null = null;
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const at = /pts_time:(-?[\d.]+)/.exec(line);
      if (at) {
        t = Number(at[1]);
        continue;
      }
      const m = /^lavfi\.r128\.M=(-?[\d.]+|-?inf|nan)/.exec(line.trim());
      if (m && t !== null) {
        const value = Number(m[1]);
        if (Number.isFinite(value)) onSample({ t, m: value });
        t = null;
      }
    }
  };
}

/** Starts measuring an input's loudness; each 100 ms sample goes to `onSample` as it is measured. */
export function measureLoudness(
  input: string,
  onSample: (s: LoudnessSample) => void,
  opts: {
    live?: boolean;
    realtime?: boolean;
    timeoutMs?: number;
    stallMs?: number;
    signal?: AbortSignal;
  } = {},
): FfmpegProcess {
  const args = loudnessArgs(input, { live: opts.live ?? false, realtime: opts.realtime ?? false });
  return spawnFfmpeg(args, {
    onPipe3: createLoudnessParser(onSample),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.stallMs !== undefined ? { stallMs: opts.stallMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

/** Every crowd peak of a recording's audio (a replay's HLS variant, any file ffmpeg reads). */
export async function crowdPeaksOf(
  input: string,
  durationSeconds: number,
): Promise<{ peaks: CrowdPeak[]; audioSeconds: number }> {
  const finder = createPeakFinder();
  const peaks: CrowdPeak[] = [];
  let heard = 0;
  const run = measureLoudness(
    input,
    (sample) => {
      heard = sample.t;
      peaks.push(...finder.push(sample));
    },
    encodeLimits(durationSeconds),
  );
  await run.exited;
  peaks.push(...finder.flush());
  return { peaks, audioSeconds: heard };
}
