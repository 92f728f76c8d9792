import { aacArgs, h264Args, localPath } from './args/common.js';
import { crowdAudioGraph, type CrowdBurst } from './args/crowd.js';
import { encodeLimits, runFfmpeg } from './runner.js';

/**
 * A test recording of steady crowd noise with bursts (the moments benchmark's and tests' videos,
 * not the demo's): AAC audio, with a small flat picture when `video` is asked for (an MP4 any
 * upload path accepts), audio only otherwise (.m4a).
 */
export function renderCrowdClip(o: {
  output: string;
  durationSeconds: number;
  bursts: readonly CrowdBurst[];
  seed?: number;
  video?: { width: number; height: number; fps: number };
}) {
  const audio = crowdAudioGraph({
    bursts: o.bursts,
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
  });
  const v = o.video;
  const graph = v ? `color=c=0x335577:s=${v.width}x${v.height}:r=${v.fps}[vout];${audio}` : audio;
  return runFfmpeg(
    [
      '-y',
      '-filter_complex',
      graph,
      ...(v ? ['-map', '[vout]'] : []),
      '-map',
      '[aout]',
      '-t',
      o.durationSeconds.toFixed(3),
      ...(v ? h264Args({ preset: 'ultrafast', kbps: 100, keyframeSeconds: 2, fps: v.fps }) : []),
      ...aacArgs(96),
      '-movflags',
      '+faststart',
      localPath(o.output),
    ],
    encodeLimits(o.durationSeconds),
  );
}
