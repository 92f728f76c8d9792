import type { Playback } from '@rudy/contracts';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { json } from '../../../test/fetch-mock';
import { demoOffers } from '../../../test/offer-fixtures';
import { renderWithApi } from '../../../test/render-with-api';
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

afterEach(() => vi.unstubAllGlobals());

/** The single-game package 5 of a paid game: $7.99 and a $1.00 service fee. */
const gamePackage = {
  ...demoOffers().passes[0]!,
  id: 5,
  name: 'Wolves at Knights',
  price: 8.99,
  base_price: 7.99,
  service_fee: 1,
  scope: 'single' as const,
};

const renderPrompt = (playback: Partial<Playback>, openInNewTab = false) =>
  renderWithApi(
    <MemoryRouter>
      <AccessPrompt playback={{ ...base, ...playback }} openInNewTab={openInNewTab} />
    </MemoryRouter>,
    (url) =>
      url.pathname === '/api/packages/5'
        ? json(gamePackage)
        : json({ message: 'Pass not found', code: 'pass_not_found' }, 404),
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

  it('links the buy screen with the single-event package, and the passes', async () => {
    renderPrompt({ access: 'purchase', single_event_package_id: 5 });
    expect((await screen.findByRole('link', { name: /^Buy this game/ })).getAttribute('href')).toBe(
      '/buy?event_id=11&single_event_package_id=5',
    );
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
  });

  it('shows the full price, service fee included, before checkout', async () => {
    renderPrompt({ access: 'purchase', single_event_package_id: 5 });
    expect(await screen.findByRole('link', { name: 'Buy this game · $8.99' })).toBeTruthy();
    expect(
      screen.getByText(
        '$8.99 for this game, including a $1.00 service fee. Or get a pass that includes it.',
      ),
    ).toBeTruthy();
    cleanup();
    await changeLocale('fr');
    try {
      renderPrompt({ access: 'purchase', single_event_package_id: 5 });
      expect(
        await screen.findByRole('link', { name: /^Acheter ce match · 8,99\s\$$/ }),
      ).toBeTruthy();
      expect(screen.getByText(/dont 1,00\s\$ de frais de service/)).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });

  it('offers only the passes for a paid game with no single-game package', () => {
    renderPrompt({ access: 'purchase', single_event_package_id: null });
    expect(screen.queryByRole('link', { name: /^Buy this game/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
    expect(
      screen.getByText('This game comes with a pass: choose one that includes it.'),
    ).toBeTruthy();
  });

  it('opens the site in a new tab from an embedded player, and in place otherwise', () => {
    renderPrompt({ access: 'purchase', single_event_package_id: 5 }, true);
    for (const name of [/^Buy this game/, 'See passes']) {
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
