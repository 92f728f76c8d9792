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
 * through the player's clip tool (start and end filled in; the tool's own access rules apply).
 * Live, the list grows as the game goes; its times are the recording's, so the jumps wait for the
 * replay.
 */
export function KeyMoments({
  moments,
  isLive,
  durationSeconds,
  remote,
  canClip,
}: {
  moments: readonly Moment[];
  isLive: boolean;
  durationSeconds: number | null;
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
      {isLive ? <p className={styles.hint}>{t('watch:moments.liveHint')}</p> : null}
      <ol className={styles.list}>
        {moments.map((m) => {
          const name = momentName(m, t);
          const time = formatClock(m.at_seconds);
          return (
            <li key={m.id} className={styles.item}>
              {isLive ? (
                <span className={styles.jump}>
                  <span className={styles.time}>{time}</span> {name}
                </span>
              ) : (
                <button
                  type="button"
                  className={styles.jump}
                  onClick={() => remote.current?.seekTo(m.at_seconds)}
                  aria-label={t('watch:moments.jump', { time, name })}
                >
                  <span className={styles.time}>{time}</span> {name}
                </button>
              )}
              {!isLive && canClip ? (
                <button
                  type="button"
                  className={styles.clip}
                  onClick={() =>
                    remote.current?.openToolWith(momentClipRange(m.at_seconds, durationSeconds))
                  }
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
