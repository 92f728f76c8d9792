import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs, type MediaTask } from './args/task.js';
import { thumbnailsVtt } from './hls/thumbnails-vtt.js';
import { runFfmpeg } from './runner.js';

export interface Stills {
  poster: string;
  thumbnails: { vtt: string; sheets: string[]; intervalSeconds: number; count: number };
  preview: string;
  previewAlt: string;
}

export interface StillsOptions {
  /** The best rendition (poster, previews) and a small one (thumbnails); may be the same file. */
  input: string;
  smallInput: string;
  /** Keyframes of smallInput come at least every thumbnail interval (true for our renditions). */
  smallInputKeyframesFrequent: boolean;
  outputDir: string;
  durationSeconds: number;
}

const SHEET = { columns: 10, rows: 10, width: 160, height: 90 };

/** Runs a poster or preview task; when input seeking produced nothing, again with output seeking. */
async function runSeeking(
  task: Extract<MediaTask, { kind: 'poster' | 'preview' }>,
  timeoutMs: number,
): Promise<void> {
  await runFfmpeg(buildArgs(task), { timeoutMs });
  const size = await fsp.stat(task.output).then(
    (s) => s.size,
    () => 0,
  );
  // An empty MP4 still has a few hundred bytes of headers; a real preview has far more.
  if (size > 1_024) return;
  await runFfmpeg(buildArgs({ ...task, seek: 'output' }), { timeoutMs });
}
const PREVIEW_SECONDS = 6;

/**
 * Poster (media kind 1), thumbnails sprite + WebVTT (kind 5), and two short previews: 480p
 * (kind 6) and a lighter 240p alternative from later in the game (kind 7).
 */
export async function makeStills(o: StillsOptions): Promise<Stills> {
  await fsp.mkdir(o.outputDir, { recursive: true });
  const d = o.durationSeconds;
  const at = (share: number) => Math.max(0, Math.min(d - 1, d * share));
  const timeout = 60_000 + d * 2_000;
  const out = (name: string) => path.join(o.outputDir, name);

  await runSeeking(
    { kind: 'poster', input: o.input, output: out('poster.jpg'), atSeconds: at(0.1), width: 1280 },
    timeout,
  );

  // About 300 thumbnails whatever the length: every 2 s for a short clip, every 24 s for 2 hours.
  const intervalSeconds = Math.max(2, Math.ceil(d / 300));
  await runFfmpeg(
    buildArgs({
      kind: 'thumbnails',
      input: o.smallInput,
      outputPattern: out('sprite_%03d.jpg'),
      intervalSeconds,
      ...SHEET,
      keyframesOnly: o.smallInputKeyframesFrequent && intervalSeconds >= 2,
    }),
    { timeoutMs: timeout },
  );
  const sheets = (await fsp.readdir(o.outputDir))
    .filter((f) => /^sprite_\d{3}\.jpg$/.test(f))
    .sort();
  const count = Math.min(
    Math.ceil(d / intervalSeconds),
    sheets.length * SHEET.columns * SHEET.rows,
  );
  await fsp.writeFile(
    out('thumbs.vtt'),
    thumbnailsVtt({
      count,
      intervalSeconds,
      ...SHEET,
      sheetName: (n) => `sprite_${String(n).padStart(3, '0')}.jpg`,
    }),
  );

  const clip = Math.min(PREVIEW_SECONDS, d);
  await runSeeking(
    {
      kind: 'preview',
      input: o.input,
      output: out('preview.mp4'),
      startSeconds: Math.max(0, Math.min(at(0.2), d - clip)),
      durationSeconds: clip,
      height: 480,
      kbps: 900,
    },
    timeout,
  );
  await runSeeking(
    {
      kind: 'preview',
      input: o.smallInput,
      output: out('preview-alt.mp4'),
      startSeconds: Math.max(0, Math.min(at(0.6), d - clip)),
      durationSeconds: clip,
      height: 240,
      kbps: 300,
    },
    timeout,
  );
  return {
    poster: 'poster.jpg',
    thumbnails: { vtt: 'thumbs.vtt', sheets, intervalSeconds, count },
    preview: 'preview.mp4',
    previewAlt: 'preview-alt.mp4',
  };
}
