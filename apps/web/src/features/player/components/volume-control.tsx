import { useT } from '../../../lib/i18n';
import styles from './player.module.css';
import { PlayerIcon } from './player-icons';

export function VolumeControl({
  volume,
  muted,
  onToggleMute,
  onVolume,
}: {
  volume: number;
  muted: boolean;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
}) {
  const { t } = useT();
  const silent = muted || volume === 0;
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        onClick={onToggleMute}
        aria-label={silent ? t('watch:player.unmute') : t('watch:player.mute')}
      >
        <PlayerIcon name={silent ? 'muted' : 'volume'} />
      </button>
      <input
        type="range"
        className={`${styles.range} ${styles.volume}`}
        min={0}
        max={1}
        step={0.05}
        value={silent ? 0 : volume}
        onChange={(e) => onVolume(Number(e.target.value))}
        aria-label={t('watch:player.volume')}
      />
    </>
  );
}
