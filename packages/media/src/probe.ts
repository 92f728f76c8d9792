import { runFfmpeg, type RunOptions } from './runner.js';
import { inputArgs } from './args/common.js';

export interface ProbeResult {
  durationSeconds: number | null;
  /** The first timestamp (MPEG-TS segments of a stream carry its running clock). */
  startSeconds: number | null;
  video: {
    codec: string;
    width: number;
    height: number;
    fps: number | null;
    pixFmt: string | null;
    kbps: number | null;
  } | null;
  audio: { codec: string; sampleRate: number | null; channels: number | null } | null;
}

const CHANNELS: Record<string, number> = { mono: 1, stereo: 2, '5.1': 6, '5.1(side)': 6, '7.1': 8 };

/**
 * Reads what ffmpeg prints about its first input. ffprobe is not shipped with the bundled build,
 * and these few fields (duration, codecs, size, frame rate) are stable in ffmpeg's banner.
 */
export function parseProbe(stderr: string): ProbeResult {
  const inputPart = stderr.split(/\nOutput #0|\nStream mapping:/)[0] ?? '';
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(inputPart);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : null;
  const start = /, start: (-?\d+(?:\.\d+)?)/.exec(inputPart);
  const startSeconds = start ? Number(start[1]) : null;

  let video: ProbeResult['video'] = null;
  let audio: ProbeResult['audio'] = null;
  for (const line of inputPart.split('\n')) {
    if (!video) {
      const v = /Stream #0:\d+.*?: Video: (\w+)([^\n]*)/.exec(line);
      const size = v ? /, (\d{2,5})x(\d{2,5})[\s,]/.exec(`${v[2]} `) : null;
      if (v?.[1] && size) {
        const pix = /^[^,]*, ([a-z0-9_]+)[(,\s]/.exec(v[2] ?? '');
        const fps = / ([\d.]+) fps/.exec(v[2] ?? '');
        const kbps = / (\d+) kb\/s/.exec(v[2] ?? '');
        video = {
          codec: v[1],
          width: Number(size[1]),
          height: Number(size[2]),
          fps: fps ? Number(fps[1]) : null,
          pixFmt: pix?.[1] ?? null,
          kbps: kbps ? Number(kbps[1]) : null,
        };
      }
    }
    if (!audio) {
      const a = /Stream #0:\d+.*?: Audio: (\w+)([^\n]*)/.exec(line);
      if (a?.[1]) {
        const rate = / (\d+) Hz/.exec(a[2] ?? '');
        const layout = /Hz, ([^,]+),/.exec(a[2] ?? '');
        audio = {
          codec: a[1],
          sampleRate: rate ? Number(rate[1]) : null,
          channels: layout?.[1] ? (CHANNELS[layout[1].trim()] ?? null) : null,
        };
      }
    }
  }
  return { durationSeconds, startSeconds, video, audio };
}

/** Probes a local file or HLS playlist: decodes nothing (`-t 0`), just opens it. */
export async function probe(input: string, opts: RunOptions = {}): Promise<ProbeResult> {
  const { stderrTail } = await runFfmpeg([...inputArgs(input), '-t', '0', '-f', 'null', '-'], {
    timeoutMs: 30_000,
    ...opts,
    logLevel: 'info',
  });
  return parseProbe(stderrTail);
}
