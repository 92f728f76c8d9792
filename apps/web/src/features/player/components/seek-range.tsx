import type { KeyboardEvent, PointerEvent } from 'react';
import type { SeekRange } from '../../../components/player-tool';
import { formatClock } from '../../../lib/time-format';
import { moveRangeEdge, type RangeEdge } from '../lib/seek-range';
import styles from './player.module.css';

/** Keys move a handle by a second, Page Up/Down by ten, Home/End to the ends. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageDown: -10,
  PageUp: 10,
};

/**
 * The chosen stretch over the seek bar: a band and two handles (sliders) that the pointer drags
 * and the keyboard moves. The seek bar previews the picture under a handle while it moves.
 */
export function SeekRangeMarks({
  start,
  end,
  range,
  labels,
  onChange,
  timeAt,
  onPreview,
}: {
  start: number;
  end: number;
  range: SeekRange;
  labels: { start: string; end: string };
  onChange: (range: SeekRange) => void;
  /** The time under a pointer's x position on the bar. */
  timeAt: (clientX: number) => number;
  onPreview: (time: number | null) => void;
}) {
  const span = end - start;
  const percent = (time: number) =>
    span > 0 ? Math.min(Math.max((time - start) / span, 0), 1) * 100 : 0;
  const move = (edge: RangeEdge, to: number) => {
    const next = moveRangeEdge(range, edge, to, { start, end });
    onChange(next);
    onPreview(next[edge]);
  };

  const handle = (edge: RangeEdge) => ({
    role: 'slider',
    tabIndex: 0,
    className: `${styles.mark} ${edge === 'start' ? styles.markStart : styles.markEnd}`,
    style: { left: `${percent(range[edge])}%` },
    'aria-label': labels[edge],
    'aria-valuemin': Math.floor(start),
    'aria-valuemax': Math.ceil(end),
    'aria-valuenow': Math.round(range[edge] * 10) / 10,
    'aria-valuetext': formatClock(range[edge] - start),
    'data-testid': `seek-mark-${edge}`,
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.focus();
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (event.currentTarget.hasPointerCapture?.(event.pointerId))
        move(edge, timeAt(event.clientX));
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.releasePointerCapture?.(event.pointerId);
    },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const step = KEY_STEPS[event.key];
      const to =
        step !== undefined
          ? range[edge] + step
          : event.key === 'Home'
            ? start
            : event.key === 'End'
              ? end
              : null;
      if (to === null) return;
      // The player's own arrows seek the video; here they move the handle.
      event.preventDefault();
      event.stopPropagation();
      move(edge, to);
    },
    onFocus: () => onPreview(range[edge]),
    onBlur: () => onPreview(null),
  });

  return (
    <>
      <div
        className={styles.markBand}
        style={{
          left: `${percent(Math.min(range.start, range.end))}%`,
          width: `${Math.abs(percent(range.end) - percent(range.start))}%`,
        }}
        aria-hidden="true"
      />
      <div {...handle('start')} />
      <div {...handle('end')} />
    </>
  );
}
