import type { PlayerToolApi } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import formStyles from '../../../components/ui/form.module.css';
import styles from './clip-panel.module.css';
import '../../../locales/clip-tool';
import '../../../locales/clips';

/**
 * The clip's in and out points, read from the handles on the seek bar: each can be set at the
 * playhead (keys I and O do the same in the player), and the video jumps to either to check it.
 */
export function ClipRangeFields({ player, error }: { player: PlayerToolApi; error?: string }) {
  const { t } = useT();
  const { range, timeline } = player;
  const at = (seconds: number) => formatClock(seconds - timeline.start);
  const setEdge = (edge: 'start' | 'end') => {
    // To tenths, inwards: an end rounded up could pass the end of what is recorded.
    const tenths = timeline.currentTime * 10;
    const now = (edge === 'end' ? Math.floor(tenths + 1e-6) : Math.ceil(tenths - 1e-6)) / 10 + 0;
    player.setRange({ ...(range ?? { start: now, end: now }), [edge]: now });
  };
  const length = range ? Math.max(0, range.end - range.start) : 0;

  return (
    <fieldset className={styles.range} aria-describedby={error ? 'clip-range-error' : undefined}>
      <legend className={styles.legend}>{t('clips:form.range')}</legend>
      <div className={styles.edges}>
        {(['start', 'end'] as const).map((edge) => (
          <div key={edge} className={styles.edge}>
            <span className={styles.edgeName}>{t(`clip-tool:form.${edge}`)}</span>
            <button
              type="button"
              className={styles.edgeTime}
              onClick={() => range && player.seekTo(range[edge])}
              disabled={!range}
              aria-label={t(`clips:form.goTo.${edge}`, { time: range ? at(range[edge]) : '' })}
            >
              {range ? at(range[edge]) : '–:––'}
            </button>
            <button type="button" className={styles.setHere} onClick={() => setEdge(edge)}>
              {t(`clips:form.setHere.${edge}`)}
            </button>
          </div>
        ))}
        <div className={styles.edge}>
          <span className={styles.edgeName}>{t('clips:form.length')}</span>
          <span className={styles.lengthValue}>{formatClock(length)}</span>
        </div>
      </div>
      <p className={styles.hint}>
        {t('clips:form.rangeHint')}{' '}
        <span className={styles.keysHint}>{t('clips:form.keysHint')}</span>
      </p>
      {error ? (
        <p id="clip-range-error" className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
