import type { ReactNode } from 'react';
import type { PlayerMark } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import type { MediaState } from '../hooks/use-media-state';
import { formatClock } from '../../../lib/time-format';
import type { ThumbnailCue } from '../lib/thumbnails';
import { PlayerIcon } from './player-icons';
import { SeekBar, type SeekBarRange } from './seek-bar';
import styles from './player.module.css';

export interface ControlActions {
  togglePlay: () => void;
  seekTo: (seconds: number) => void;
  goLive: () => void;
  toggleFullscreen: () => void;
  togglePip: () => void;
}

/**
 * The bar over the video. VOD seeks over its length; live seeks over the DVR window and shows the
 * LIVE badge, dimmed with "Go live" beside it while the viewer is behind the edge.
 */
export function PlayerControls({
  media,
  isLive,
  isBehindLive,
  isFullscreen,
  canPip,
  actions,
  volume,
  quality,
  extra,
  captions = null,
  devices = null,
  thumbnails = [],
  range = null,
  marks = [],
}: {
  media: MediaState;
  isLive: boolean;
  isBehindLive: boolean;
  isFullscreen: boolean;
  canPip: boolean;
  actions: ControlActions;
  volume: ReactNode;
  quality: ReactNode;
  extra?: ReactNode;
  /** The caption menu (videos with captions). */
  captions?: ReactNode;
  /** AirPlay or a cast device, where the browser offers one. */
  devices?: ReactNode;
  /** The game's thumbnails track, previewed over the seek bar (VOD). */
  thumbnails?: readonly ThumbnailCue[];
  /** A stretch a tool marks on the seek bar (a clip's in and out). */
  range?: SeekBarRange | null;
  /** Ticks on the seek bar (a game's key moments). */
  marks?: readonly PlayerMark[];
}) {
  const { t } = useT();
  const start = isLive ? media.seekableStart : 0;
  const end = isLive ? media.seekableEnd : media.duration;
  const canSeek = end > start;
  return (
    <div className={styles.controls}>
      {canSeek ? (
        <SeekBar
          start={start}
          end={end}
          value={media.currentTime}
          onSeek={actions.seekTo}
          thumbnails={thumbnails}
          range={range}
          marks={marks}
        />
      ) : null}
      <div className={styles.row}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={actions.togglePlay}
          aria-label={media.paused ? t('watch:player.play') : t('watch:player.pause')}
        >
          <PlayerIcon name={media.paused ? 'play' : 'pause'} />
        </button>
        {volume}
        {isLive ? (
          <button
            type="button"
            className={`${styles.liveBadge} ${isBehindLive ? styles.behind : ''}`}
            onClick={actions.goLive}
            disabled={!isBehindLive}
            aria-label={isBehindLive ? t('watch:player.goLive') : t('watch:player.live')}
          >
            {isBehindLive ? t('watch:player.goLive') : t('watch:player.live')}
          </button>
        ) : (
          <span className={styles.time}>
            {formatClock(media.currentTime)} / {formatClock(media.duration)}
          </span>
        )}
        <span className={styles.spacer} />
        {extra}
        {captions}
        {quality}
        {devices}
        {canPip ? (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.pip}`}
            onClick={actions.togglePip}
            aria-label={t('watch:player.pip')}
          >
            <PlayerIcon name="pip" />
          </button>
        ) : null}
        <button
          type="button"
          className={styles.iconButton}
          onClick={actions.toggleFullscreen}
          aria-label={
            isFullscreen ? t('watch:player.exitFullscreen') : t('watch:player.fullscreen')
          }
        >
          <PlayerIcon name={isFullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      </div>
    </div>
  );
}
