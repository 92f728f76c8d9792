import type { StreamType } from '@rudy/contracts';
import type { VideoMeta, VideoView } from './analytics';

/** A view the player asks for: the stream and what the game is (read at each heartbeat). */
export interface VideoViewSpec {
  streamId: number;
  streamType: StreamType;
  meta: () => VideoMeta;
}
type StartView = (v: VideoViewSpec) => VideoView;

const NO_VIEW: VideoView = {
  firstFrame: () => undefined,
  setPlaying: () => undefined,
  end: () => undefined,
};

/** The analytics client's views once it has started; null when it reports nothing. */
let source: StartView | null | undefined;
/** Views begun before the client loaded: what happened to them, replayed when it has. */
const waiting = new Set<(start: StartView | null) => void>();

/**
 * The player's side of analytics, without the client: the client loads after the page (never on
 * its critical path), so a view that starts earlier is recorded here (its first frame, and when it
 * played, with the time it did) and handed over when the client connects.
 */
export function startVideoView(v: VideoViewSpec): VideoView {
  if (source) return source(v);
  if (source === null) return NO_VIEW;
  const calls: ((view: VideoView) => void)[] = [];
  let real: VideoView | null = null;
  waiting.add((start) => {
    real = start ? start(v) : NO_VIEW;
    for (const call of calls.splice(0)) call(real);
  });
  const call = (c: (view: VideoView) => void) => (real ? c(real) : calls.push(c));
  return {
    firstFrame: (ms) => call((view) => view.firstFrame(ms)),
    setPlaying: (isPlaying, at = performance.now()) =>
      call((view) => view.setPlaying(isPlaying, at)),
    end: () => call((view) => view.end()),
  };
}

/** The analytics client started (its views), or will send nothing (null): waiting views follow. */
export function connectVideoViews(start: StartView | null) {
  source = start;
  for (const connect of waiting) connect(start);
  waiting.clear();
}

/** Back to before start-up (tests): views wait for the client again, and those waiting are let go. */
export function resetVideoViews() {
  source = undefined;
  waiting.clear();
}
