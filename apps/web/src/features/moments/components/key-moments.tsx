import { MOMENT_LABELS, type Moment } from '@rudy/contracts';
import type { PlayerRemote } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import { momentClipRange } from '../lib/moment-clip';
import styles from './key-moments.module.css';

const isPresetLabel = (label: string): label is (typeof MOMENT_LABELS)[number] =>
  (MOMENT_LABELS as readonly string[]).includes(label);

/** A moment's name: the operator's label (the console's own ones translated), else what found it. */
export function momentName(moment: Moment, t: ReturnType<typeof useT>['t']): string {
  if (moment.label && isPresetLabel(moment.label)) return t(`watch:moments.labels.${moment.label}`);
  if (moment.label) return moment.label;
  return moment.kind === 'detected' ? t('watch:moments.crowd') : t('watch:moments.marked');
}

/**
 * The game's key moments under its player: each jumps the video to it, and makes a clip of it
 * through the player's clip tool (start and end filled in on the player's clock; the tool's own
 * access rules and limits apply). Live, the list grows as the game goes; its times are the
 * recording's, and a moment is a jump and a clip once the player can place it on its clock within
 * the DVR window (`playerTime`); the others only in the replay (the hint says so).
 */
export function KeyMoments({
  moments,
  isLive,
  playerTime,
  remote,
  canClip,
}: {
  moments: readonly Moment[];
  isLive: boolean;
  /** Where the player would go for a moment, on its clock; null: it cannot go there. */
  playerTime: (moment: Moment) => number | null;
  remote: { current: PlayerRemote | null };
  /** The player has a clip tool (not an external stream). */
  canClip: boolean;
}) {
  const { t } = useT();
  if (moments.length === 0) return null;
  return (
    <section className={styles.moments} aria-labelledby="key-moments-title">
      <h2 id="key-moments-title" className={styles.title}>
        {t('watch:moments.title')}
      </h2>
      {isLive && moments.some((m) => playerTime(m) === null) ? (
        <p className={styles.hint}>{t('watch:moments.liveHint')}</p>
      ) : null}
      <ol className={styles.list}>
        {moments.map((m) => {
          const name = momentName(m, t);
          const time = formatClock(m.at_seconds);
          const at = playerTime(m);
          return (
            <li key={m.id} className={styles.item}>
              {at === null ? (
                <span className={styles.jump}>
                  <span className={styles.time}>{time}</span> {name}
                </span>
              ) : (
                <button
                  type="button"
                  className={styles.jump}
                  onClick={() => remote.current?.seekTo(at)}
                  aria-label={t('watch:moments.jump', { time, name })}
                >
                  <span className={styles.time}>{time}</span> {name}
                </button>
              )}
              {at !== null && canClip ? (
                <button
                  type="button"
                  className={styles.clip}
                  onClick={() => remote.current?.openToolWith(momentClipRange(at))}
                  aria-label={t('watch:moments.clipOf', { time, name })}
                >
                  {t('watch:moments.clip')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
