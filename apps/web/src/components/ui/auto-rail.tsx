import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import styles from './auto-rail.module.css';
import { useAutoScroll } from './use-auto-scroll';

/**
 * A titled row of cards that moves one card forward every `intervalMs` (spec: VOD rails every
 * 5000 ms), pausing while the pointer is over it or focus is inside it, and standing still for
 * visitors who prefer reduced motion. Cards are between `cardWidth.min` and `cardWidth.max` wide.
 * Arrows move it by hand on wide screens; touch screens swipe.
 */
export function AutoRail({
  id,
  title,
  action,
  intervalMs,
  cardWidth,
  labels,
  children,
}: {
  id: string;
  title: string;
  /** Beside the title: a "see all" link, say. */
  action?: ReactNode;
  intervalMs: number;
  cardWidth: { min: number; max: number };
  labels: { previous: string; next: string };
  /** The cards, each in an <li>. */
  children: ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  useAutoScroll(listRef, intervalMs, isHovered || hasFocus);
  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy?.({ left: direction * list.clientWidth * 0.85, behavior: 'smooth' });
  };
  const widths = {
    '--rail-card-min': `${cardWidth.min}px`,
    '--rail-card-max': `${cardWidth.max}px`,
  } as CSSProperties;

  return (
    <section
      className={styles.rail}
      aria-labelledby={`${id}-title`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocus(false);
      }}
    >
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <div className={styles.tools}>
          {action}
          <button
            type="button"
            className={styles.arrow}
            onClick={() => scroll(-1)}
            aria-label={labels.previous}
          >
            ‹
          </button>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => scroll(1)}
            aria-label={labels.next}
          >
            ›
          </button>
        </div>
      </div>
      <ul className={styles.list} ref={listRef} style={widths}>
        {children}
      </ul>
    </section>
  );
}

/** One card's place in an AutoRail. */
export function AutoRailItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
