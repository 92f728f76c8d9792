import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { makeEvent } from '../../../test/fixtures';
import { EventCard } from './event-card';

function renderCard(...args: Parameters<typeof makeEvent>) {
  return render(
    <MemoryRouter>
      <EventCard event={makeEvent(...args)} locationName="St. Brendan's Ice Centre, Cornwall" />
    </MemoryRouter>,
  );
}

describe('EventCard', () => {
  it('links to the game and shows teams, time, place and access', () => {
    renderCard();
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/watch/19');
    expect(screen.getByRole('heading', { name: 'Rapids @ Knights' })).toBeTruthy();
    expect(within(link).getByText('Rideau Valley Rapids')).toBeTruthy();
    expect(within(link).getByText("St. Brendan's Knights")).toBeTruthy();
    expect(within(link).getByText('Free')).toBeTruthy();
    expect(within(link).getByText(/Cornwall/)).toBeTruthy();
    expect(link.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T23:30:00.000Z');
    expect(within(link).queryByText('Live')).toBeNull();
  });

  it('marks live games and paid access', () => {
    renderCard({ type: 'live', access_type: 'paid', has_access: false });
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText('Buy')).toBeTruthy();
  });

  it('keeps a 16/9 thumbnail with the event image when there is one', () => {
    const { container } = renderCard({ image_url: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E' });
    expect(container.querySelector('img')?.getAttribute('src')).toContain('data:image/svg+xml');
  });

  it('speaks French', async () => {
    await i18next.changeLanguage('fr');
    renderCard({ type: 'live', access_type: 'register' });
    expect(screen.getByText('Direct')).toBeTruthy();
    expect(screen.getByText('Inscription')).toBeTruthy();
  });
});
