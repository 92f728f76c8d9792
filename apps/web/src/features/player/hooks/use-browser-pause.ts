import { useEffect, useEffectEvent } from 'react';
import { playWithFallback } from '../lib/autoplay';
import { takeViewerPause } from '../lib/media-commands';

/**
 * A pause that comes before the video played this much (seconds of its own clock) since it last
 * started playing is taken for the browser's echo of a start it had not caught up with yet.
 */
export const ECHO_PAUSE_S = 0.5;
/** Echo pauses answered in a row before the browser is left to have its way. */
export const MAX_ECHO_REPLAYS = 3;

/**
 * WebKit pauses by itself a video that plays with sound its autoplay policy does not allow, and
 * nothing resumes it (issue 31): one it let start before it knew there was sound (the ad, whose
 * preload="none" play() came before its metadata) once its audio shows up, or one unmuted with no
 * gesture of the viewer's (WebKitGTK unmutes a muted video itself at a seek's `seeked`, and now and
 * then while it plays). A pause the viewer (or the player) did not ask for while the video should
 * play is taken for that: it goes on muted — which every browser allows — and `onMuted` lets the
 * player show its unmute prompt; `onBlocked` when even that is refused.
 *
 * WebKitGTK also pauses a muted video it has just started again: the pause of its media pipeline
 * it was still reaching when play() came is handed back to the element, with the clock where the
 * play started (issue 31: the DVR journey ended paused and muted at the join or at the rewind's
 * target). A pause of a muted video before it played ECHO_PAUSE_S since it last started (`play`,
 * `playing`) is played again, MAX_ECHO_REPLAYS times in a row at most, whether or not the game has
 * started (its autoplay's own play() may be the one echoed). Any other pause of a muted video, or
 * one at the end, is left alone.
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
  const onPause = useEffectEvent((target: HTMLVideoElement, isEcho: boolean) => {
    if (target.muted) {
      if (isEcho) void playWithFallback(target).then((r) => r === 'blocked' && onBlocked());
      return;
    }
    if (!isActive) return;
    target.muted = true;
    // A play() cut short by a seek (WebKit's pause can come just before one) is tried again.
    void playWithFallback(target).then((result) =>
      result === 'blocked' ? onBlocked() : onMuted(),
    );
  });
  useEffect(() => {
    if (!video) return;
    /** Where the video's clock stood when it last started playing; null once paused. */
    let startedAt: number | null = null;
    let echoes = 0;
    const onStart = () => {
      startedAt = video.currentTime;
    };
    const onTimeupdate = () => {
      if (startedAt !== null && video.currentTime - startedAt >= ECHO_PAUSE_S) echoes = 0;
    };
    const listener = () => {
      const played = startedAt === null ? null : video.currentTime - startedAt;
      startedAt = null;
      if (takeViewerPause(video) || video.ended) return;
      const isEcho = played !== null && played < ECHO_PAUSE_S && echoes < MAX_ECHO_REPLAYS;
      if (isEcho && video.muted) echoes++;
      onPause(video, isEcho);
    };
    video.addEventListener('play', onStart);
    video.addEventListener('playing', onStart);
    video.addEventListener('timeupdate', onTimeupdate);
    video.addEventListener('pause', listener);
    return () => {
      video.removeEventListener('play', onStart);
      video.removeEventListener('playing', onStart);
      video.removeEventListener('timeupdate', onTimeupdate);
      video.removeEventListener('pause', listener);
    };
  }, [video]);
}
