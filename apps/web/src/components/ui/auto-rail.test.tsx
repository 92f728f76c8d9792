import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoRail, AutoRailItem } from './auto-rail';

const INTERVAL = 5_000;

function stubReducedMotion(reduced: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduced && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** A rail whose list overflows: 6 cards of 300 px in a 700 px wide list. */
function renderRail() {
  render(
    <AutoRail
      id="featured"
      title="Featured"
      intervalMs={INTERVAL}
      cardWidth={{ min: 280, max: 380 }}
      labels={{ previous: 'Previous', next: 'Next' }}
    >
      {[1, 2, 3, 4, 5, 6].map((n) => (
        <AutoRailItem key={n}>
          <a href={`/v/${n}`}>Video {n}</a>
        </AutoRailItem>
      ))}
    </AutoRail>,
  );
  const list = screen.getByRole('list');
  Object.defineProperties(list, {
    scrollWidth: { value: 1_900, configurable: true },
    clientWidth: { value: 700, configurable: true },
    scrollLeft: { value: 0, writable: true, configurable: true },
  });
  for (const item of screen.getAllByRole('listitem')) {
    Object.defineProperty(item, 'offsetWidth', { value: 300, configurable: true });
  }
  const scrollBy = vi.fn();
  const scrollTo = vi.fn();
  Object.assign(list, { scrollBy, scrollTo });
  return { list, scrollBy, scrollTo, region: screen.getByRole('region', { name: 'Featured' }) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AutoRail', () => {
  it('moves one card forward every 5000 ms, and back to the start after the last', () => {
    stubReducedMotion(false);
    const { list, scrollBy, scrollTo } = renderRail();
    act(() => void vi.advanceTimersByTime(INTERVAL - 1));
    expect(scrollBy).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    // One card and the gap (16 px in the stylesheet; jsdom computes none).
    expect(scrollBy.mock.calls[0]?.[0]).toMatchObject({ left: 300 });
    list.scrollLeft = 1_200;
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('stands still while pointed at or focused, and moves on after', () => {
    stubReducedMotion(false);
    const { region, scrollBy } = renderRail();
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.mouseLeave(region);
    act(() => screen.getByRole('link', { name: 'Video 2' }).focus());
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(scrollBy).not.toHaveBeenCalled();
    act(() => screen.getByRole('link', { name: 'Video 2' }).blur());
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('never moves by itself for a visitor who prefers reduced motion', () => {
    stubReducedMotion(true);
    const { scrollBy, scrollTo } = renderRail();
    act(() => void vi.advanceTimersByTime(INTERVAL * 5));
    expect(scrollBy).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
    // The arrows still work.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
