import type { SeekRange } from '../../../components/player-tool';
import type { ControlActions } from '../components/player-controls';
import type { PlayerCommand } from '../lib/keyboard';
import { seekVideo, togglePlayback } from '../lib/media-commands';
import { togglePictureInPicture } from './use-fullscreen';
import type { MediaState } from './use-media-state';

/**
 * What the control bar's buttons and the keyboard shortcuts do to the video: the bar's actions,
 * and `run` for a shortcut's command. A seek stays within the video (the DVR window live).
 */
export function usePlayerActions(o: {
  video: HTMLVideoElement | null;
  media: MediaState;
  isLive: boolean;
  liveEdge: number | null;
  volume: { toggleMute: () => void; setVolume: (volume: number) => void };
  toggleFullscreen: () => void;
  range: SeekRange | null;
  setRange: (range: SeekRange) => void;
}) {
  const { video, media, isLive, liveEdge } = o;
  const actions: ControlActions = {
    togglePlay: () => {
      if (video) togglePlayback(video);
    },
    seekTo: (seconds) => {
      if (video) seekVideo(video, seconds);
    },
    goLive: () => {
      if (!video || liveEdge === null) return;
      seekVideo(video, liveEdge);
      if (video.paused) togglePlayback(video);
    },
    toggleFullscreen: o.toggleFullscreen,
    togglePip: () => togglePictureInPicture(video),
  };

  const run = (command: PlayerCommand) => {
    if (!video) return;
    switch (command.type) {
      case 'toggle-play':
        return actions.togglePlay();
      case 'fullscreen':
        return actions.toggleFullscreen();
      case 'mute':
        return o.volume.toggleMute();
      case 'seek': {
        const low = isLive ? media.seekableStart : 0;
        const high = isLive ? (liveEdge ?? media.seekableEnd) : media.duration;
        return actions.seekTo(Math.min(Math.max(video.currentTime + command.by, low), high));
      }
      case 'volume':
        return o.volume.setVolume((video.muted ? 0 : video.volume) + command.by);
      case 'mark': {
        const range = o.range ?? { start: video.currentTime, end: video.currentTime };
        return o.setRange({ ...range, [command.edge]: video.currentTime });
      }
    }
  };

  return { actions, run };
}
