import { useT } from '../../../lib/i18n';
import { CAST_SENDER_PATH, type CastSenderControl } from '../hooks/use-cast-sender';
import { PlayerIcon } from './player-icons';
import styles from './player.module.css';

/**
 * The desktop Chrome cast button and its menu. The menu holds the cast frame, made on the first
 * opening only (so Google's script never loads for a viewer who does not ask) and then kept, hidden,
 * so that the session it started goes on when the menu closes.
 */
export function CastMenu({
  cast: { device, isOpen, hasFrame, toggle, setFrame },
}: {
  cast: CastSenderControl;
}) {
  const { t } = useT();
  const label = device ? t('watch:player.casting', { device: device }) : t('watch:player.cast');
  return (
    <span className={styles.castMenu}>
      <button
        type="button"
        className={`${styles.iconButton} ${device ? styles.casting : ''}`}
        onClick={toggle}
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={hasFrame ? 'player-cast-menu' : undefined}
      >
        <PlayerIcon name="cast" />
      </button>
      {hasFrame ? (
        <span id="player-cast-menu" className={styles.castPanel} hidden={!isOpen}>
          <iframe ref={setFrame} src={CAST_SENDER_PATH} title={t('watch:player.cast')} />
        </span>
      ) : null}
    </span>
  );
}
