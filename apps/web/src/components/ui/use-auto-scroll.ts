import { useEffect, useState, type RefObject } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asks for less motion, now. */
export function prefersReducedMotion() {
  return globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false;
}

/** Whether the visitor asks for less motion, followed live (the setting can change while open). */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    const query = globalThis.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** One step: the first item's width plus the gap, so a card lands where the previous one was. */
function stepOf(list: HTMLElement): number {
  const first = list.firstElementChild as HTMLElement | null;
  const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
  return (first?.offsetWidth ?? list.clientWidth) + gap;
}

/**
 * Moves a horizontal list one item forward every `intervalMs`, back to the start after the last,
 * while `isPaused` is false. Never when the visitor prefers reduced motion or the page is hidden.
 */
export function useAutoScroll(
  listRef: RefObject<HTMLElement | null>,
  intervalMs: number,
  isPaused: boolean,
) {
  const reduced = useReducedMotion();
  useEffect(() => {
    if (isPaused || reduced) return;
    const timer = setInterval(() => {
      const list = listRef.current;
      if (!list || document.hidden || list.scrollWidth <= list.clientWidth) return;
      const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 2;
      if (atEnd) list.scrollTo?.({ left: 0, behavior: 'smooth' });
      else list.scrollBy?.({ left: stepOf(list), behavior: 'smooth' });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [listRef, intervalMs, isPaused, reduced]);
  return { isMoving: !isPaused && !reduced };
}
