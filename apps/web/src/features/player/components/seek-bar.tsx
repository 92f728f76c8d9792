import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import type { SeekRange } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { cueAt, type ThumbnailCue } from '../lib/thumbnails';
import { formatClock } from '../../../lib/time-format';
import { SeekRangeMarks } from './seek-range';
import { SeekTicks } from './seek-ticks';
import type { PlayerMark } from '../../../components/player-tool';
import styles from './player.module.css';

/** A chosen stretch shown on the bar, with the names of its handles and how they change it. */
export interface SeekBarRange {
  value: SeekRange;
  labels: { start: string; end: string };
  onChange: (range: SeekRange) => void;
}

/**
 * The position slider. Hovering it shows the time under the pointer and, where the game has a
 * thumbnails track, the picture at that time (a region of a sprite image). A tool (the clip cutter)
 * may show a stretch of it with two handles, previewed the same way while they move.
 */
export function SeekBar({
  start,
  end,
  value,
  onSeek,
  thumbnails,
  range = null,
  marks = [],
}: {
  start: number;
  end: number;
  value: number;
  onSeek: (seconds: number) => void;
  thumbnails: readonly ThumbnailCue[];
  range?: SeekBarRange | null;
  /** Ticks at a game's key moments. */
  marks?: readonly PlayerMark[];
}) {
  const { t } = useT();
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [marked, setMarked] = useState<number | null>(null);

  const shareAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return null;
    return Math.min(Math.max((clientX - box.left) / box.width, 0), 1);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const share = shareAt(event.clientX);
    if (share !== null) setHover(start + share * (end - start));
  };
  // A handle being moved wins over the pointer hovering elsewhere.
  const shown = marked ?? hover;
  const left = shown === null || end <= start ? 0 : ((shown - start) / (end - start)) * 100;
  const cue = shown === null ? null : cueAt(thumbnails, shown);
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
      ref={bar}
      className={styles.seek}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
    >
      {shown !== null ? (
        <div
          className={styles.seekPreview}
          // Kept inside the frame at both ends, which would otherwise clip half of it.
          style={{ left: `clamp(84px, ${left}%, calc(100% - 84px))` }}
          aria-hidden="true"
          data-testid="seek-preview"
        >
          {picture ? <div className={styles.seekPicture} style={picture} /> : null}
          <span className={styles.seekTime}>{formatClock(shown - start)}</span>
        </div>
      ) : null}
      <SeekTicks start={start} end={end} marks={marks} onSeek={onSeek} />
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
      {range ? (
        <SeekRangeMarks
          start={start}
          end={end}
          range={range.value}
          labels={range.labels}
          onChange={range.onChange}
          timeAt={(clientX) => start + (shareAt(clientX) ?? 0) * (end - start)}
          onPreview={setMarked}
        />
      ) : null}
    </div>
  );
}
