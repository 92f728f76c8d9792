import { useCallback, useEffect, useState } from 'react';
import { hasAirPlay } from '../lib/airplay';

/** WebKit's AirPlay picker, on Safari's media elements only. */
interface AirPlayTarget {
  webkitShowPlaybackTargetPicker: () => void;
}
const isAirPlayTarget = (element: object): element is AirPlayTarget =>
  typeof (element as Partial<AirPlayTarget>).webkitShowPlaybackTargetPicker === 'function';

type AvailabilityEvent = Event & { availability?: 'available' | 'not-available' };

export interface RemotePlaybackControl {
  /** An AirPlay receiver is on the network (Safari says so only then). */
  canAirPlay: boolean;
  /** The Remote Playback API has a device for this video (Chrome on Android: Chromecast). */
  canRemote: boolean;
  showAirPlay: () => void;
  promptRemote: () => void;
}

/**
 * The living room's buttons where the browser offers them: AirPlay in Safari, when a receiver is
 * there; the Remote Playback API elsewhere, when the browser reports a device for this video (it
 * hands the device the video's own source: the signed stream). Neither is shown otherwise.
 */
export function useRemotePlayback(video: HTMLVideoElement | null): RemotePlaybackControl {
  const [canAirPlay, setAirPlay] = useState(false);
  const [canRemote, setRemote] = useState(false);

  useEffect(() => {
    if (!video) return;
    if (hasAirPlay()) {
      const onAvailability = (event: Event) =>
        setAirPlay((event as AvailabilityEvent).availability === 'available');
      video.addEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
      return () => {
        video.removeEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
        setAirPlay(false);
      };
    }
    const remote = video.remote as RemotePlayback | undefined;
    if (!remote?.watchAvailability) return;
    let cancelled = false;
    let watchId: number | null = null;
    // Refused (NotSupportedError) where the browser cannot play this source remotely.
    remote
      .watchAvailability((available) => !cancelled && setRemote(available))
      .then(
        (id) => {
          watchId = id;
          if (cancelled) void remote.cancelWatchAvailability(id).catch(() => undefined);
        },
        () => !cancelled && setRemote(false),
      );
    return () => {
      cancelled = true;
      setRemote(false);
      if (watchId !== null) void remote.cancelWatchAvailability(watchId).catch(() => undefined);
    };
  }, [video]);

  const showAirPlay = useCallback(() => {
    if (video && isAirPlayTarget(video)) video.webkitShowPlaybackTargetPicker();
  }, [video]);
  // The viewer closing the browser's device list is a rejection, not an error to show.
  const promptRemote = useCallback(() => {
    void video?.remote.prompt().catch(() => undefined);
  }, [video]);

  return { canAirPlay, canRemote, showAirPlay, promptRemote };
}
