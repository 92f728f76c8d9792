export type AutoplayResult = 'playing' | 'muted' | 'blocked';

type Playable = Pick<
  HTMLVideoElement,
  'play' | 'muted' | 'addEventListener' | 'removeEventListener'
>;

/** A play() cut short by a seek or a new load is no refusal: try again this many times. */
const MAX_INTERRUPTIONS = 3;
/** How long to wait for the element to be ready again after an interrupted play(). */
const READY_AGAIN_MS = 2_000;

const errorName = (error: unknown) => (error instanceof DOMException ? error.name : '');

/** Resolves on the element's next sign that it can play, or after a short while. */
function readyAgain(video: Playable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('canplay', done);
      video.removeEventListener('seeked', done);
      resolve();
    };
    const timer = setTimeout(done, READY_AGAIN_MS);
    video.addEventListener('canplay', done);
    video.addEventListener('seeked', done);
  });
}

/** play(), retried when a seek or load interrupted it (AbortError); other errors are thrown. */
async function playThroughInterruptions(video: Playable): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await video.play();
      return;
    } catch (error) {
      if (errorName(error) !== 'AbortError' || attempt >= MAX_INTERRUPTIONS) throw error;
      await readyAgain(video);
    }
  }
}

/**
 * Starts a video without a click: with sound when the browser's autoplay policy allows it, else
 * muted (which every browser allows), else it waits for the viewer's play button. A live stream
 * seeks to its edge as it starts, which interrupts play() with an AbortError: that is retried, not
 * taken for a refusal.
 */
export async function playWithFallback(video: Playable): Promise<AutoplayResult> {
  try {
    await playThroughInterruptions(video);
    return video.muted ? 'muted' : 'playing';
  } catch (error) {
    if (errorName(error) !== 'NotAllowedError') return 'blocked';
  }
  video.muted = true;
  try {
    await playThroughInterruptions(video);
    return 'muted';
  } catch {
    return 'blocked';
  }
}

/**
 * The "Unmute" hint shows while the game plays silent only because the browser refused sound; a
 * viewer who muted it themselves, or turned the sound back on, is not asked again.
 */
export function showsUnmuteHint(state: {
  autoplay: AutoplayResult | null;
  muted: boolean;
  paused: boolean;
}): boolean {
  return state.autoplay === 'muted' && state.muted && !state.paused;
}
