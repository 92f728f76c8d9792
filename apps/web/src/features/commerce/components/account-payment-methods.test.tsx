import type { PaymentsConfig, SavedCard } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makePage } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const visa: SavedCard = {
  id: 'card_1',
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2031,
};

/** The profile passes page against a server running `config`, with the cards kept here. */
function passesPage(config: PaymentsConfig, start: SavedCard[] = []) {
  let cards = start;
  return renderApp('/profile/passes', {
    user: makeProfile(),
    handler: withBackground((url, init) => {
      if (url.pathname === '/api/payments/config') return json(config);
      if (url.pathname === '/api/stripe/list-cards') return json(cards);
      if (url.pathname === '/api/stripe/setup-intent') {
        cards = [...cards, visa];
        return json({ provider: 'sandbox', status: 'succeeded', client_secret: null, card: visa });
      }
      if (url.pathname === '/api/stripe/customer-portal') {
        return json({ provider: 'stripe', url: 'https://billing.stripe.test/session' });
      }
      if (url.pathname === '/api/orders') return json(makePage([]));
      if (init.method === 'POST') return json({});
      return json([]);
    }),
  });
}

describe('profile payment methods', () => {
  it('adds a sandbox card to the saved cards (no portal in the sandbox)', async () => {
    const sandbox = {
      provider: 'sandbox',
      publishable_key: null,
      customer_portal: false,
      test_mode: true,
    } as const;
    const { fetch } = passesPage(sandbox);
    expect(await screen.findByText('No saved card yet.', {})).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage cards and billing' })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
    expect(screen.getAllByText('Field is required').length).toBeGreaterThan(0);
    expect(callsTo(fetch, '/api/stripe/setup-intent')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
    expect(await screen.findByText('VISA ending in 4242, expires 04/2031')).toBeTruthy();
    expect(callsTo(fetch, '/api/stripe/setup-intent')[0]?.body).toMatchObject({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('opens the Stripe customer portal to manage cards and billing', async () => {
    const assign = vi.fn();
    const { href, origin, protocol, host, hostname, port, pathname, search, hash } =
      window.location;
    vi.stubGlobal('location', {
      ...{ href, origin, protocol, host, hostname, port, pathname, search, hash },
      assign,
    });
    const stripe = {
      provider: 'stripe',
      publishable_key: 'pk_test_1',
      customer_portal: true,
      test_mode: true,
    } as const;
    const { fetch } = passesPage(stripe, [visa]);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage cards and billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session'));
    expect(callsTo(fetch, '/api/stripe/customer-portal')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
  });
});
