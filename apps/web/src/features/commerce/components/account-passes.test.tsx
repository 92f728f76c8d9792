import type { Order } from '@rudy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makeOrder, makePage } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const plan = (overrides: Partial<Order>) =>
  makeOrder('paid', {
    id: 21,
    type: 'subscription',
    kind: 'new_subscription',
    kind_label: 'New subscription',
    label: 'Active',
    renewal: 'active',
    subscription_status: 'active',
    period_end: '2026-12-24T12:00:00.000Z',
    product: {
      id: 3,
      type: 'subscription',
      name: 'Monthly',
      event_id: null,
      event_category_id: null,
      participant_id: null,
    },
    ...overrides,
  });

/** The profile passes page with these orders in force; POST stripe/resume answers `resumed`. */
function passesPage(active: Order[], resumed?: Order) {
  return renderApp('/profile/passes', {
    user: makeProfile(),
    handler: withBackground((url, init) => {
      if (url.pathname === '/api/orders') return json(makePage(active));
      if (url.pathname === '/api/stripe/resume' && resumed) {
        return json({ status: 'success', order: resumed });
      }
      if (url.pathname === '/api/payments/config') {
        return json({
          provider: 'sandbox',
          publishable_key: null,
          customer_portal: false,
          test_mode: true,
        });
      }
      if (init.method === 'POST') return json({});
      return json([]);
    }),
  });
}

describe('profile passes', () => {
  it('lists a single game bought, with its link, and a trial as a trial with its end', async () => {
    passesPage([
      makeOrder('paid', {
        id: 5,
        type: 'event',
        label: 'Active',
        product: {
          id: 9,
          type: 'package',
          name: 'Wolves @ Knights',
          event_id: 44,
          event_category_id: null,
          participant_id: null,
        },
      }),
      plan({ trial_ends_at: '2026-12-01T12:00:00.000Z', period_end: '2026-12-01T12:00:00.000Z' }),
    ]);
    expect(await screen.findByText('Wolves @ Knights', {})).toBeTruthy();
    expect(screen.getByText('Single game')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch the game' }).getAttribute('href')).toBe(
      '/watch/44',
    );
    expect(screen.getByText('Free trial')).toBeTruthy();
    expect(screen.getByText(/^Free trial until .*1.*2026, then the first payment/)).toBeTruthy();
  });

  it('turns a cancelled auto-renewal back on', async () => {
    const cancelled = plan({ renewal: 'cancelled' });
    const { fetch } = passesPage([cancelled], plan({ renewal: 'active' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resume auto-renewal' }));
    expect(await screen.findByText(/^Auto-renewal is back on/)).toBeTruthy();
    expect(callsTo(fetch, '/api/stripe/resume')[0]?.body).toMatchObject({ order_id: 21 });
    expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).toBeNull();
  });
});
