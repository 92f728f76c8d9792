import { useEffect } from 'react';

/** Safari's media elements say whether they are playing to an AirPlay receiver. */
type WirelessTarget = HTMLVideoElement & { webkitCurrentPlaybackTargetIsWireless?: boolean };

/**
 * A game's shared address opens with the browser's media cookie, which an AirPlay receiver never
 * gets: Safari hands it the element's own source and nothing else. While the element plays to a
 * receiver its source is the playback answer's `device_url` (the same stream under this viewer's
 * path token, which lives as long as the game); back on this screen, the shared address again.
 * A replay keeps its position across the switch; live goes on at the live edge.
 *
 * Only native playback is switched: hls.js's MediaSource is no address a receiver could open (and
 * the player plays natively wherever AirPlay exists, attach-stream.ts).
 */
export function useDeviceHandOver(
  video: HTMLVideoElement | null,
  sharedUrl: string,
  deviceUrl: string | null | undefined,
  keepPosition: boolean,
): void {
  useEffect(() => {
    if (!video || !deviceUrl || deviceUrl === sharedUrl) return;
    let resume: (() => void) | null = null;
    const onTargetChange = () => {
      const current = video.getAttribute('src');
      if (current !== sharedUrl && current !== deviceUrl) return;
      const next = (video as WirelessTarget).webkitCurrentPlaybackTargetIsWireless
        ? deviceUrl
        : sharedUrl;
      if (current === next) return;
      const at = video.currentTime;
      const playing = !video.paused;
      if (resume) video.removeEventListener('loadedmetadata', resume);
      const restore = () => {
        resume = null;
        if (keepPosition) video.currentTime = at;
        if (playing) void video.play().catch(() => undefined);
      };
      resume = restore;
      video.addEventListener('loadedmetadata', restore, { once: true });
      video.src = next;
    };
    video.addEventListener('webkitcurrentplaybacktargetiswirelesschanged', onTargetChange);
    return () => {
      video.removeEventListener('webkitcurrentplaybacktargetiswirelesschanged', onTargetChange);
      if (resume) video.removeEventListener('loadedmetadata', resume);
    };
  }, [video, sharedUrl, deviceUrl, keepPosition]);
}
