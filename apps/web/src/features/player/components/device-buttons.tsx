import { useT } from '../../../lib/i18n';
import type { RemotePlaybackControl } from '../hooks/use-remote-playback';
import { PlayerIcon } from './player-icons';
import styles from './player.module.css';

/** AirPlay (Safari) or the Remote Playback API's device list, each only where it is offered. */
export function DeviceButtons({ remote }: { remote: RemotePlaybackControl }) {
  const { t } = useT();
  return (
    <>
      {remote.canAirPlay ? (
        <button
          type="button"
          className={styles.iconButton}
          onClick={remote.showAirPlay}
          aria-label={t('watch:player.airplay')}
        >
          <PlayerIcon name="airplay" />
        </button>
      ) : null}
      {remote.canRemote ? (
        <button
          type="button"
          className={styles.iconButton}
          onClick={remote.promptRemote}
          aria-label={t('watch:player.cast')}
        >
          <PlayerIcon name="cast" />
        </button>
      ) : null}
    </>
  );
}
