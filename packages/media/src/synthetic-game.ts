import { buildArgs } from './args/task.js';
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
