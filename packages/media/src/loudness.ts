import { inputArgs } from './args/common.js';
import { encodeLimits, spawnFfmpeg, type FfmpegProcess } from './runner.js';
import { createPeakFinder, type CrowdPeak, type LoudnessSample } from './crowd-peaks.js';

/**
 * ffmpeg's arguments for the momentary loudness of an input's audio: video is not decoded
 * (`-vn`), and `ebur128` logs each 100 ms of audio (at the info level, on stderr) as
 *   [Parsed_ebur128_0 @ 0x…] t: 1.2  TARGET:-23 LUFS    M: -41.2 S: -40.9  I: -42.0 LUFS  …
 * Its frame log exists in every ffmpeg the product runs (the static 4.1 fallback included), where
 * ametadata's unbuffered file output is 5.0 and later only. Nothing is encoded: the null muxer
 * drops the audio.
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
    'ebur128=framelog=info',
    '-f',
    'null',
    '-',
  ];
}

const FRAME_LOG = /\bt:\s*(-?[\d.]+)\s+TARGET:\s*-?\d+ LUFS\s+M:\s*(-?[\d.]+|-?inf|nan)/;

/**
 * Turns ebur128's frame log into samples, skipping ffmpeg's other log lines; keeps a partial line
 * between chunks. Times are ffmpeg's, which starts the input's clock at 0 (no -copyts): seconds of
 * the recording.
 */
export function createLoudnessParser(onSample: (s: LoudnessSample) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const m = FRAME_LOG.exec(line);
      const value = Number(m?.[2]);
      if (m && Number.isFinite(value)) onSample({ t: Number(m[1]), m: value });
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
    logLevel: 'info',
    onLog: createLoudnessParser(onSample),
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
