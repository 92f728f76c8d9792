import { useT } from '../../../lib/i18n';
import type { RemotePlaybackControl } from '../hooks/use-remote-playback';
import { PlayerIcon, type PlayerIconName } from './player-icons';
import styles from './player.module.css';

/** AirPlay (Safari) or the Remote Playback API's device list, each only where it is offered. */
export function DeviceButtons({ remote }: { remote: RemotePlaybackControl }) {
  const { t } = useT();
  const offered: { icon: PlayerIconName; label: string; onClick: () => void; shown: boolean }[] = [
    {
      icon: 'airplay',
      label: t('watch:player.airplay'),
      onClick: remote.showAirPlay,
      shown: remote.canAirPlay,
    },
    {
      icon: 'cast',
      label: t('watch:player.cast'),
      onClick: remote.promptRemote,
      shown: remote.canRemote,
    },
  ];
  return offered
    .filter((button) => button.shown)
    .map((button) => (
      <button
        key={button.icon}
        type="button"
        className={styles.iconButton}
        onClick={button.onClick}
        aria-label={button.label}
      >
        <PlayerIcon name={button.icon} />
      </button>
    ));
}
