import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildArgs } from './args/task.js';
import { masterPlaylist } from './hls/master.js';
import {
  audioPlan,
  DEFAULT_LADDER,
  planLadder,
  type PlannedRendition,
  type Rendition,
} from './ladder.js';
import { probe } from './probe.js';
import { encodeLimits, runFfmpeg } from './runner.js';

export interface VodPackage {
  /** Relative to the output directory. */
  master: string;
  renditions: (PlannedRendition & { playlist: string })[];
  durationSeconds: number;
  hasAudio: boolean;
  fps: number;
}

export interface PackageVodOptions {
  input: string;
  outputDir: string;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  keyframeSeconds?: number;
  /** Our own sources (synthetic games, recordings) have a fixed GOP; uploads are not assumed to. */
  sourceHasFixedGop?: boolean;
  onProgress?: (fraction: number) => void;
  /** A ceiling instead of encodeLimits' (which also stops an encode that makes no progress). */
  timeoutMs?: number;
}

/**
 * A source file → an HLS ladder (H.264/AAC, MPEG-TS segments of segmentSeconds, keyframes every
 * keyframeSeconds in every rendition) and a master playlist.
 */
export async function packageVod(o: PackageVodOptions): Promise<VodPackage> {
  const source = await probe(o.input);
  if (!source.video) throw new Error('the source has no video stream');
  const duration = source.durationSeconds ?? 0;
  if (duration <= 0) throw new Error('the source has no duration');
  const renditions = planLadder(o.ladder ?? DEFAULT_LADDER, source, {
    sourceHasFixedGop: o.sourceHasFixedGop ?? false,
  });
  const audio = audioPlan(source);
  const fps = source.video.fps && source.video.fps <= 60 ? source.video.fps : 25;
  await fsp.mkdir(o.outputDir, { recursive: true });
  const segmentSeconds = o.segmentSeconds ?? 4;
  await runFfmpeg(
    buildArgs({
      kind: 'vod-hls',
      input: o.input,
      outputDir: o.outputDir,
      renditions,
      audio,
      fps,
      segmentSeconds,
      keyframeSeconds: o.keyframeSeconds ?? Math.min(2, segmentSeconds),
    }),
    {
      ...encodeLimits(duration),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      onProgress: (p) => o.onProgress?.(Math.min(1, p.outTimeSeconds / duration)),
    },
  );
  const hasAudio = audio !== 'none';
  await fsp.writeFile(
    path.join(o.outputDir, 'master.m3u8'),
    masterPlaylist(renditions, { fps, hasAudio, sourceKbps: source.video.kbps }),
  );
  return {
    master: 'master.m3u8',
    renditions: renditions.map((r, i) => ({ ...r, playlist: `v${i}/index.m3u8` })),
    durationSeconds: duration,
    hasAudio,
    fps,
  };
}
