import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs } from './args/task.js';
import { masterPlaylist } from './hls/master.js';
import { DEFAULT_LADDER, type Rendition } from './ladder.js';
import type { VodPackage } from './vod.js';
import {
  sponsorGraph,
  syntheticGraph,
  type SponsorPicture,
  type SyntheticPicture,
} from './args/synthetic.js';
import { encodeLimits, runFfmpeg, type RunOptions } from './runner.js';

/** Renders a finished synthetic game to an MP4 (2 s GOP, so the ladder can copy it). */
export function renderSyntheticGame(o: {
  output: string;
  durationSeconds: number;
  picture: SyntheticPicture;
  videoKbps?: number;
  runOptions?: RunOptions;
}) {
  return runFfmpeg(
    buildArgs({
      kind: 'synthetic-clip',
      graph: syntheticGraph(o.picture),
      fps: o.picture.fps,
      output: o.output,
      durationSeconds: o.durationSeconds,
      videoKbps: o.videoKbps ?? 1_800,
      keyframeSeconds: 2,
    }),
    { ...encodeLimits(o.durationSeconds), ...o.runOptions },
  );
}

/**
 * x264's fastest preset: a synthetic picture is flat colour and a few moving boxes, which it
 * encodes well at the ladder's bitrates, for about half the CPU of veryfast.
 */
const SYNTHETIC_VOD_PRESET = 'ultrafast';

/**
 * Renders a finished synthetic game straight into an HLS ladder (what packageVod makes of an
 * upload, without the intermediate MP4 and its second decode): the picture is drawn at the top
 * rendition's size and scaled for the others, with keyframes every keyframeSeconds in each.
 * `threads` caps the filter and encoder threads (default 1: about one core).
 */
export async function renderSyntheticVod(o: {
  outputDir: string;
  durationSeconds: number;
  picture: Omit<SyntheticPicture, 'width' | 'height'>;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  threads?: number;
  runOptions?: RunOptions;
}): Promise<VodPackage> {
  const renditions = [...(o.ladder ?? DEFAULT_LADDER)];
  const top = renditions[0];
  if (!top) throw new Error('the ladder has no rendition');
  const segmentSeconds = o.segmentSeconds ?? 4;
  await fsp.mkdir(o.outputDir, { recursive: true });
  const fps = o.picture.fps;
  await runFfmpeg(
    buildArgs({
      kind: 'synthetic-vod',
      graph: syntheticGraph({ ...o.picture, width: top.width, height: top.height }),
      outputDir: o.outputDir,
      renditions,
      fps,
      durationSeconds: o.durationSeconds,
      segmentSeconds,
      keyframeSeconds: Math.min(2, segmentSeconds),
      preset: SYNTHETIC_VOD_PRESET,
      threads: o.threads ?? 1,
    }),
    { ...encodeLimits(o.durationSeconds), ...o.runOptions },
  );
  const planned = renditions.map((r) => ({ ...r, copyVideo: false }));
  await fsp.writeFile(
    path.join(o.outputDir, 'master.m3u8'),
    masterPlaylist(planned, { fps, hasAudio: true }),
  );
  return {
    master: 'master.m3u8',
    renditions: planned.map((r, i) => ({ ...r, playlist: `v${i}/index.m3u8` })),
    durationSeconds: o.durationSeconds,
    hasAudio: true,
    fps,
  };
}

/** Renders a sponsor spot (the demo pre-rolls) to an MP4 that browsers play directly. */
export function renderSponsorClip(o: {
  output: string;
  durationSeconds: number;
  picture: SponsorPicture;
  runOptions?: RunOptions;
}) {
  return runFfmpeg(
    buildArgs({
      kind: 'synthetic-clip',
      graph: sponsorGraph(o.picture),
      fps: o.picture.fps,
      output: o.output,
      durationSeconds: o.durationSeconds,
      videoKbps: 900,
      keyframeSeconds: 2,
    }),
    { ...encodeLimits(o.durationSeconds), ...o.runOptions },
  );
}
