import { useEffect } from 'react';
import { takeViewerPause } from '../lib/media-commands';

/**
 * WebKit may pause a game that plays with sound a few seconds in, by itself, and nothing resumes
 * it (issue 31). A pause the viewer did not ask for (through the player's controls) while the game
 * should play is taken for that: the game goes on muted — which every browser allows — and
 * `onMuted` lets the player show its unmute prompt. A pause of a muted game, or at the end, is left
 * alone.
 */
export function useBrowserPauseFallback(
  video: HTMLVideoElement | null,
  isActive: boolean,
  onMuted: () => void,
) {
  useEffect(() => {
    if (!video || !isActive) return;
    const onPause = () => {
      if (takeViewerPause(video) || video.ended || video.muted) return;
      video.muted = true;
      void video.play().then(onMuted, () => undefined);
    };
    video.addEventListener('pause', onPause);
    return () => video.removeEventListener('pause', onPause);
  }, [video, isActive, onMuted]);
}
