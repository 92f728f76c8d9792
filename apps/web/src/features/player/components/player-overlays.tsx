import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { MediaState } from '../hooks/use-media-state';
import { showsUnmuteHint, type AutoplayResult } from '../lib/autoplay';
import { BigPlayButton } from './big-play-button';
import { PlayerIcon } from './player-icons';
import { PlayerMessage } from './player-message';
import styles from './player.module.css';

/**
 * What the game shows over its picture once the ad is over: the spinner while it waits for data,
 * the unmute prompt when the browser only let it start silent, the big play button when it would
 * not start it at all, and the player error with its retry.
 */
export function PlayerOverlays({
  isStarted,
  media,
  autoplay,
  failed,
  posterUrl,
  onUnmute,
  onPlay,
  onRetry,
}: {
  /** The ad is over (the error shows during the ad too: the game behind it failed). */
  isStarted: boolean;
  media: MediaState;
  autoplay: AutoplayResult | null;
  failed: boolean;
  posterUrl: string | null;
  onUnmute: () => void;
  onPlay: () => void;
  onRetry: () => void;
}) {
  const { t } = useT();
  const showSpinner =
    isStarted && !failed && autoplay !== 'blocked' && (media.waiting || !media.hasFrame);
  return (
    <>
      {showSpinner ? (
        <div className={styles.center} role="status" aria-label={t('watch:player.loading')}>
          <span className={styles.spinner} />
        </div>
      ) : null}
      {isStarted && showsUnmuteHint({ autoplay, muted: media.muted, paused: media.paused }) ? (
        // The browser only let the game start silent: say so, one click brings the sound.
        <button type="button" className={styles.unmuteHint} onClick={onUnmute}>
          <PlayerIcon name="muted" />
          {t('watch:player.unmute')}
        </button>
      ) : null}
      {isStarted && autoplay === 'blocked' && media.paused ? (
        <BigPlayButton label={t('watch:player.play')} onClick={onPlay} />
      ) : null}
      {failed ? (
        <PlayerMessage
          tone="alert"
          posterUrl={posterUrl}
          title={t('watch:player.error')}
          actions={
            <Button variant="secondary" size="s" onClick={onRetry}>
              {t('watch:player.retry')}
            </Button>
          }
        />
      ) : null}
    </>
  );
}
