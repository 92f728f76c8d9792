import type { PlayerMark } from '../../../components/player-tool';
import styles from './seek-ticks.module.css';

/**
 * Ticks on the seek bar at a game's key moments; a click on one goes to its moment exactly (the
 * range input under them maps a click inset by half its thumb, seconds off on a long DVR bar).
 * For the pointer only: the moments list under the player is how a keyboard or a screen reader
 * reaches them.
 */
export function SeekTicks({
  start,
  end,
  marks,
  onSeek,
}: {
  start: number;
  end: number;
  marks: readonly PlayerMark[];
  onSeek: (seconds: number) => void;
}) {
  const span = end - start;
  if (span <= 0 || marks.length === 0) return null;
  const shown = marks.filter((m) => m.seconds >= start && m.seconds <= end);
  return (
    <div className={styles.ticks} aria-hidden="true" data-testid="seek-ticks">
      {shown.map((m) => (
        <span
          key={`${m.seconds}-${m.label}`}
          className={styles.tick}
          style={{ left: `${((m.seconds - start) / span) * 100}%` }}
          title={m.label}
          onClick={() => onSeek(m.seconds)}
        />
      ))}
    </div>
  );
}
