import { useT } from '../../../lib/i18n';
import type { CastSenderControl } from '../hooks/use-cast-sender';
import type { RemotePlaybackControl } from '../hooks/use-remote-playback';
import { CastMenu } from './cast-menu';
import { PlayerIcon, type PlayerIconName } from './player-icons';
import styles from './player.module.css';

/**
 * AirPlay (Safari) or the Remote Playback API's device list, each only where it is offered, else
 * desktop Chrome's cast menu (Google's Cast sender) where that is offered.
 */
export function DeviceButtons({
  remote,
  cast,
}: {
  remote: RemotePlaybackControl;
  cast: CastSenderControl;
}) {
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
  const buttons = offered.filter((button) => button.shown);
  if (buttons.length === 0 && cast.offered) return <CastMenu cast={cast} />;
  return buttons.map((button) => (
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
