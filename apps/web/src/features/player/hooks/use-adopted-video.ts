import { useLayoutEffect, useState } from 'react';
import type { EarlyVideo } from '../lib/early-player';
import { togglePlayback } from '../lib/media-commands';

interface VideoLook {
  className: string;
  poster: string | undefined;
}

/**
 * Places the splash's early video (early-player.ts) in the player, where React would have drawn its
 * own, and keeps on it what the player's <video> would carry as props. Moved within the page, the
 * element goes on playing and its stream is not restarted. Returns the callback ref of the slot it
 * goes into (a `display: contents` element, so the frame's layout is the same).
 */
export function useAdoptedVideo(early: EarlyVideo | null, look: VideoLook) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    if (!early || !slot) return;
    const { video } = early;
    slot.append(video);
    // The player's own <video> toggles playback on a click (its onClick).
    const click = () => togglePlayback(video);
    video.addEventListener('click', click);
    return () => {
      video.removeEventListener('click', click);
      video.remove();
    };
  }, [early, slot]);

  useLayoutEffect(() => {
    if (!early) return;
    const { video } = early;
    video.setAttribute('class', look.className);
    if (look.poster) video.setAttribute('poster', look.poster);
    else video.removeAttribute('poster');
  }, [early, look.className, look.poster]);

  return setSlot;
}
