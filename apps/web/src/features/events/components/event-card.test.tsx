import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TeamActionProvider } from '../../../components/team-action-slot';
import { i18n, loadLocale } from '../../../lib/i18n';
import { makeEvent } from '../../../test/fixtures';
import { EventCard } from './event-card';
import { EventRail } from './event-rail';

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
    const card = screen.getByRole('article');
    const link = within(card).getByRole('link', { name: 'Rapids @ Knights' });
    expect(link.getAttribute('href')).toBe('/watch/19');
    expect(screen.getByRole('heading', { name: 'Rapids @ Knights' })).toBeTruthy();
    expect(within(card).getByText('Rideau Valley Rapids')).toBeTruthy();
    expect(within(card).getByText("St. Brendan's Knights")).toBeTruthy();
    expect(within(card).getByText('Free')).toBeTruthy();
    expect(within(card).getByText(/Cornwall/)).toBeTruthy();
    const time = card.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-22T23:30:00.000Z');
    expect(time?.textContent).toMatch(/6:30 PM EST$/);
    expect(within(card).queryByText('Live')).toBeNull();
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

  it('shows the action a route puts beside each team, outside the link', () => {
    render(
      <MemoryRouter>
        <TeamActionProvider render={(team) => <button type="button">{`Star ${team.name}`}</button>}>
          <EventCard event={makeEvent()} />
        </TeamActionProvider>
      </MemoryRouter>,
    );
    const star = screen.getByRole('button', { name: 'Star Rideau Valley Rapids' });
    expect(star.closest('a')).toBeNull();
    expect(screen.getByRole('button', { name: "Star St. Brendan's Knights" })).toBeTruthy();
  });

  it('offers a finished game only once its replay is ready', () => {
    const { unmount } = renderCard({ type: 'finished' });
    expect(screen.getByRole('link', { name: 'Rapids @ Knights' }).getAttribute('href')).toBe(
      '/watch/19',
    );
    unmount();

    renderCard({ type: 'finished', stream_state: 'preparing' });
    const card = screen.getByRole('article');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Rapids @ Knights' })).toBeTruthy();
    expect(within(card).getByText('Replay coming soon')).toBeTruthy();
  });

  it('says so when a finished game has no replay at all', () => {
    renderCard({ type: 'finished', stream_state: 'unavailable' });
    const card = screen.getByRole('article');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByText('No replay for this game')).toBeTruthy();
  });

  it('keeps live games a link while their stream starts: the page waits for it', () => {
    renderCard({ type: 'live', stream_state: 'preparing' });
    expect(screen.getByRole('link', { name: 'Rapids @ Knights' })).toBeTruthy();
    expect(screen.queryByText('Replay coming soon')).toBeNull();
  });

  it('puts the badges beside the title in a list, off the team art', () => {
    const { container } = render(
      <MemoryRouter>
        <EventCard event={makeEvent({ type: 'live' })} layout="list" />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { name: 'Rapids @ Knights' });
    const column = heading.parentElement;
    expect(column?.contains(screen.getByText('Live'))).toBe(true);
    expect(column?.contains(screen.getByText('Free'))).toBe(true);
    // The art (the thumbnail's "away @ home") holds no badge.
    const art = container.querySelector('[aria-hidden="true"]')?.parentElement;
    expect(art?.textContent).not.toMatch(/Live|Free/);
  });

  it('speaks French', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    renderCard({ type: 'live', access_type: 'register' });
    expect(screen.getByText('Direct')).toBeTruthy();
    expect(screen.getByText('Inscription')).toBeTruthy();
    expect(document.querySelector('time')?.textContent).toMatch(/18:30 HNE$/);
  });

  it('says in French that a replay is coming', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    renderCard({ type: 'finished', stream_state: 'preparing' });
    expect(screen.getByText('Rediffusion bientôt disponible')).toBeTruthy();
  });
});

describe('EventRail images', () => {
  it('loads the cards in view at once, the first with high priority, the rest lazily', () => {
    const events = [1, 2, 3].map((id) => makeEvent({ id, image_url: `/img/${id}.jpg` }));
    const { container } = render(
      <MemoryRouter>
        <EventRail
          id="live"
          title="Live"
          emptyText="None"
          leadImages="high"
          state={{ events, isLoading: false, isError: false, onRetry: () => undefined }}
        />
      </MemoryRouter>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'auto',
      'auto',
    ]);
  });
});
