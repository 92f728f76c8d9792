import { useEffect } from 'react';
import { takeViewerPause } from '../lib/media-commands';

/**
 * WebKit pauses by itself a video that plays with sound its autoplay policy does not allow, and
 * nothing resumes it (issue 31): one it let start before it knew there was sound (the ad, whose
 * preload="none" play() came before its metadata) once its audio shows up, or one unmuted with no
 * gesture of the viewer's. A pause the viewer (or the player) did not ask for
 * while the video should play is taken for that: it goes on muted — which every browser allows —
 * and `onMuted` lets the player show its unmute prompt; `onBlocked` when even that is refused. A
 * pause of a muted video, or at the end, is left alone.
 */
export function useBrowserPauseFallback(
  video: HTMLVideoElement | null,
  isActive: boolean,
  onMuted: () => void,
  onBlocked: () => void = () => undefined,
) {
  useEffect(() => {
    if (!video || !isActive) return;
    const onPause = () => {
      if (takeViewerPause(video) || video.ended || video.muted) return;
      video.muted = true;
      void video.play().then(onMuted, onBlocked);
    };
    video.addEventListener('pause', onPause);
    return () => video.removeEventListener('pause', onPause);
  }, [video, isActive, onMuted, onBlocked]);
}
