import { useState, type CSSProperties, type PointerEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { cueAt, type ThumbnailCue } from '../lib/thumbnails';
import { formatClock } from '../lib/time-format';
import styles from './player.module.css';

/**
 * The position slider. Hovering it shows the time under the pointer and, where the game has a
 * thumbnails track, the picture at that time (a region of a sprite image).
 */
export function SeekBar({
  start,
  end,
  value,
  onSeek,
  thumbnails,
}: {
  start: number;
  end: number;
  value: number;
  onSeek: (seconds: number) => void;
  thumbnails: readonly ThumbnailCue[];
}) {
  const { t } = useT();
  const [hover, setHover] = useState<{ time: number; left: number } | null>(null);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const share = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    setHover({ time: start + share * (end - start), left: share * 100 });
  };
  const cue = hover ? cueAt(thumbnails, hover.time) : null;
  const picture: CSSProperties | undefined = cue
    ? {
        width: cue.w,
        height: cue.h,
        backgroundImage: `url("${cue.url}")`,
        backgroundPosition: `${-cue.x}px ${-cue.y}px`,
      }
    : undefined;

  return (
    <div
      className={styles.seek}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
    >
      {hover ? (
        <div
          className={styles.seekPreview}
          // Kept inside the frame at both ends, which would otherwise clip half of it.
          style={{ left: `clamp(84px, ${hover.left}%, calc(100% - 84px))` }}
          aria-hidden="true"
          data-testid="seek-preview"
        >
          {picture ? <div className={styles.seekPicture} style={picture} /> : null}
          <span className={styles.seekTime}>{formatClock(hover.time - start)}</span>
        </div>
      ) : null}
      <input
        type="range"
        className={styles.range}
        min={start}
        max={end}
        step={0.1}
        value={Math.min(Math.max(value, start), end)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label={t('watch:player.seek')}
        aria-valuetext={formatClock(value - start)}
      />
    </div>
  );
}
