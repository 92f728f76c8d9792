import { useEffect, useEffectEvent } from 'react';
import { playWithFallback } from '../lib/autoplay';
import { takeViewerPause } from '../lib/media-commands';

/**
 * WebKit pauses by itself a video that plays with sound its autoplay policy does not allow, and
 * nothing resumes it (issue 31): one it let start before it knew there was sound (the ad, whose
 * preload="none" play() came before its metadata) once its audio shows up, or one unmuted with no
 * gesture of the viewer's (WebKitGTK unmutes a muted video itself at a seek's `seeked`). A pause the viewer (or the player) did not ask for
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
  // Read at the pause, not reasons to listen again. The pause re-renders the player (its media
  // state's listener comes first) and React runs the effects of that render within the event's
  // dispatch: a listener re-added then never got the event, and WebKitGTK's pause after it
  // unmuted the video by itself at `seeked` went unanswered (issue 31).
  const onPause = useEffectEvent((target: HTMLVideoElement) => {
    if (takeViewerPause(target) || !isActive || target.ended || target.muted) return;
    target.muted = true;
    // A play() cut short by a seek (WebKit's pause can come just before one) is tried again.
    void playWithFallback(target).then((result) =>
      result === 'blocked' ? onBlocked() : onMuted(),
    );
  });
  useEffect(() => {
    if (!video) return;
    const listener = () => onPause(video);
    video.addEventListener('pause', listener);
    return () => video.removeEventListener('pause', listener);
  }, [video]);
}
