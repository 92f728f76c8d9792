import type { Slide } from '@rudy/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLIDE_INTERVAL_MS, SlidesCarousel } from './slides-carousel';

afterEach(() => vi.useRealTimers());

const slide = (id: number, title: string): Slide => ({
  id,
  slidable_type: 'main',
  slidable_id: null,
  title,
  subtitle: null,
  image_url: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
  link_url: id === 1 ? '/live' : null,
  position: id,
});

function renderCarousel() {
  return render(
    <MemoryRouter>
      <SlidesCarousel slides={[slide(2, 'Second'), slide(1, 'First'), slide(3, 'Third')]} />
    </MemoryRouter>,
  );
}

const current = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((g) => g.getAttribute('aria-hidden') === 'false');

describe('SlidesCarousel', () => {
  it('orders slides by position and moves with the arrows and dots', () => {
    renderCarousel();
    expect(current()?.textContent).toContain('First');
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()?.textContent).toContain('Second');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()?.textContent).toContain('Third');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 1' }));
    expect(current()?.textContent).toContain('First');
    expect(screen.getByRole('link', { name: 'Watch now' }).getAttribute('href')).toBe('/live');
  });

  it('advances on its own until paused', () => {
    vi.useFakeTimers();
    renderCarousel();
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS);
    });
    expect(current()?.textContent).toContain('Second');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3);
    });
    expect(current()?.textContent).toContain('Second');
  });

  it('follows a swipe and the arrow keys', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured' });
    const viewport = region.firstElementChild as HTMLElement;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(current()?.textContent).toContain('Second');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()?.textContent).toContain('First');
  });
});
