import type { Slide } from '@rudy/contracts';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { prefersReducedMotion } from '../../../components/ui/use-auto-scroll';
import { useT } from '../../../lib/i18n';
import { SlideContent } from './slide-content';
import styles from './slides-carousel.module.css';

export const SLIDE_INTERVAL_MS = 7_000;
const SWIPE_THRESHOLD_PX = 40;

export function SlidesCarousel({ slides }: { slides: Slide[] }) {
  const { t } = useT();
  const sorted = [...slides].sort((a, b) => a.position - b.position);
  const count = sorted.length;
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(prefersReducedMotion);
  const [isHovered, setHovered] = useState(false);
  const pointerStart = useRef<number | null>(null);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (count < 2 || isPaused || isHovered) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, count, isPaused, isHovered]);

  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };
  const onPointerDown = (event: PointerEvent) => {
    pointerStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (pointerStart.current === null) return;
    const dx = event.clientX - pointerStart.current;
    pointerStart.current = null;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('home:slides.carousel')}
      aria-label={t('home:slides.label')}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (pointerStart.current = null)}
      >
        <div
          className={styles.track}
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={isPaused ? 'polite' : 'off'}
        >
          {sorted.map((slide, i) => (
            <div
              key={slide.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t('home:slides.slide')}
              aria-label={t('home:slides.position', { current: i + 1, total: count })}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <SlideContent slide={slide} isFirst={i === 0} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => go(index - 1)}
            aria-label={t('home:slides.previous')}
          >
            ‹
          </button>
          <div className={styles.dots}>
            {sorted.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={styles.dot}
                aria-label={t('home:slides.goTo', { number: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => go(index + 1)}
            aria-label={t('home:slides.next')}
          >
            ›
          </button>
          <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)}>
            {isPaused ? t('home:slides.play') : t('home:slides.pause')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
