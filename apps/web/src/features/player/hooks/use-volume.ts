import { useCallback, useEffect } from 'react';
import { applyVolume } from '../lib/media-commands';
import { readVolume, saveVolume } from '../lib/volume-store';

/** Unmuting at volume 0 would stay silent: the sound comes back at this level. */
const UNMUTE_VOLUME = 0.5;

/**
 * The remembered volume is applied to each new video; the viewer's changes are remembered. A mute
 * forced by the autoplay policy is not the viewer's choice and is not saved, nor undone here: the
 * splash's video (early-player.ts) may already play muted because sound was refused, and unmuting
 * it without the viewer's gesture makes the browser pause it (WebKit, and Chromium's policy too:
 * issue 31). The unmute prompt brings the sound back on the viewer's click.
 */
export function useVolume(video: HTMLVideoElement | null) {
  useEffect(() => {
    if (!video) return;
    const remembered = readVolume();
    applyVolume(video, { ...remembered, muted: remembered.muted || video.muted });
  }, [video]);

  const setVolume = useCallback(
    (volume: number) => {
      if (!video) return;
      const next = Math.min(1, Math.max(0, volume));
      const setting = { volume: next, muted: next === 0 };
      applyVolume(video, setting);
      saveVolume(setting);
    },
    [video],
  );

  const toggleMute = useCallback(() => {
    if (!video) return;
    const muted = !video.muted;
    const setting = { volume: !muted && video.volume === 0 ? UNMUTE_VOLUME : video.volume, muted };
    applyVolume(video, setting);
    saveVolume(setting);
  }, [video]);

  return { setVolume, toggleMute };
}
