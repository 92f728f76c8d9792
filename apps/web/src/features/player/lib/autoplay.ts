export type AutoplayResult = 'playing' | 'muted' | 'blocked';

function isAutoplayRefusal(error: unknown) {
  return error instanceof DOMException && error.name === 'NotAllowedError';
}

/**
 * Starts a video without a click: with sound when the browser's autoplay policy allows it, else
 * muted (which every browser allows), else it waits for the viewer's play button.
 */
export async function playWithFallback(
  video: Pick<HTMLVideoElement, 'play' | 'muted'>,
): Promise<AutoplayResult> {
  try {
    await video.play();
    return video.muted ? 'muted' : 'playing';
  } catch (error) {
    if (!isAutoplayRefusal(error)) return 'blocked';
  }
  video.muted = true;
  try {
    await video.play();
    return 'muted';
  } catch {
    return 'blocked';
  }
}
