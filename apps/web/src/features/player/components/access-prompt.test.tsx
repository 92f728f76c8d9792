import type { Playback } from '@rudy/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccessPrompt } from './access-prompt';

const base: Playback = {
  event_id: 11,
  event_type: 'finished',
  access: 'granted',
  message: null,
  stream_state: 'unavailable',
  stream: null,
  assets: { poster_url: null, thumbnails_vtt_url: null, preview_url: null, preview_alt_url: null },
  preroll: null,
  can_download: false,
  single_event_package_id: null,
};

const renderPrompt = (playback: Partial<Playback>, openInNewTab = false) =>
  render(
    <MemoryRouter>
      <AccessPrompt playback={{ ...base, ...playback }} openInNewTab={openInNewTab} />
    </MemoryRouter>,
  );

describe('AccessPrompt', () => {
  it('offers registration and login on a register event', () => {
    renderPrompt({ access: 'register', message: 'Register to watch' });
    expect(screen.getByRole('link', { name: 'Register to watch' }).getAttribute('href')).toBe(
      '/registration',
    );
    expect(screen.getByRole('link', { name: 'Login to watch' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('links the buy screen with the single-event package, and the passes', () => {
    renderPrompt({ access: 'purchase', single_event_package_id: 5 });
    expect(screen.getByRole('link', { name: 'Buy this game' }).getAttribute('href')).toBe(
      '/buy?event_id=11&single_event_package_id=5',
    );
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
  });

  it('opens the site in a new tab from an embedded player, and in place otherwise', () => {
    renderPrompt({ access: 'purchase' }, true);
    for (const name of ['Buy this game', 'See passes']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    renderPrompt({ access: 'register' }, true);
    expect(screen.getByRole('link', { name: 'Login to watch' }).getAttribute('target')).toBe(
      '_blank',
    );
    renderPrompt({ access: 'register' });
    expect(
      screen.getAllByRole('link', { name: 'Login to watch' }).at(-1)?.getAttribute('target'),
    ).toBeNull();
  });

  it('shows the region text and no way around it when geo-blocked', () => {
    renderPrompt({ access: 'geo_blocked' });
    expect(screen.getByRole('alert').textContent).toBe(
      "We're sorry, but this content is not available in your region.",
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
