/** One block of `-progress pipe:1` output, which ffmpeg writes as key=value lines ending in progress=. */
export interface FfmpegProgress {
  /** Media time written so far, in seconds. */
  outTimeSeconds: number;
  /** Encoding speed as a multiple of real time (1 = real time), when ffmpeg reports it. */
  speed: number | null;
  frame: number | null;
  done: boolean;
}

/**
 * Splits a chunked stream of progress lines into complete blocks. Keeps the partial tail between
 * calls, because a pipe delivers arbitrary chunks.
 */
export function createProgressParser(onProgress: (p: FfmpegProgress) => void) {
  let buffer = '';
  let block: Record<string, string> = {};
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1).trim();
      block[key] = value;
      if (key === 'progress') {
        onProgress(toProgress(block));
        block = {};
      }
    }
  };
}

function toProgress(block: Record<string, string>): FfmpegProgress {
  // out_time_us is the precise one; out_time_ms is microseconds too (an old ffmpeg misnomer).
  const micros = Number(block.out_time_us ?? block.out_time_ms ?? NaN);
  const speed = Number.parseFloat((block.speed ?? '').replace('x', ''));
  const frame = Number.parseInt(block.frame ?? '', 10);
  return {
    outTimeSeconds: Number.isFinite(micros) && micros > 0 ? micros / 1_000_000 : 0,
    speed: Number.isFinite(speed) ? speed : null,
    frame: Number.isFinite(frame) ? frame : null,
    done: block.progress === 'end',
  };
}
