import type { PaymentsConfig, Profile } from '@rudy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { apiError, callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makePage } from '../../../test/fixtures';
import { monthlyPlan, seasonPassPreview } from '../../../test/offer-fixtures';
import { renderApp } from '../../../test/render-app';

// Stripe.js cannot load here (no network); the card field is not what these tests look at.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve(null) }));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const SANDBOX: PaymentsConfig = {
  provider: 'sandbox',
  publishable_key: null,
  customer_portal: false,
  test_mode: true,
};
const STRIPE_LIVE: PaymentsConfig = {
  provider: 'stripe',
  publishable_key: 'pk_live_1',
  customer_portal: true,
  test_mode: false,
};

function buyPage(path: string, config: PaymentsConfig, user: Profile | null, trialDays = 0) {
  return renderApp(path, {
    user,
    handler: withBackground((url) => {
      switch (url.pathname) {
        case '/api/payments/config':
          return json(config);
        case '/api/stripe/invoice-preview':
          return json(seasonPassPreview(trialDays));
        case '/api/subscriptions':
          return json([monthlyPlan]);
        case '/api/stripe/subscription/start_trial':
          return apiError('email_not_verified', 403);
        case '/api/orders':
          return json(makePage([]));
        default:
          return json([]);
      }
    }),
  });
}

const TEST_MODE_TEXT =
  'No real payment is taken. Use card 4242 4242 4242 4242 with any future date and any CVC.';

describe('checkout notices', () => {
  it('says "Test mode" and names the test card when the sandbox takes the payments', async () => {
    buyPage('/buy?package_id=1', SANDBOX, makeProfile());
    expect(await screen.findByText('Test mode', {})).toBeTruthy();
    expect(screen.getByText(TEST_MODE_TEXT)).toBeTruthy();
  });

  it('says it to visitors who are not signed in too (they see the prices)', async () => {
    buyPage('/buy?package_id=1', SANDBOX, null);
    expect(await screen.findByText('Test mode', {})).toBeTruthy();
  });

  it('says nothing of the kind with a live Stripe account', async () => {
    buyPage('/buy?package_id=1', STRIPE_LIVE, makeProfile());
    expect(await screen.findByRole('button', { name: /^Pay \$/ })).toBeTruthy();
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('says so with Stripe test keys as well (test cards pay there too)', async () => {
    buyPage('/buy?package_id=1', { ...STRIPE_LIVE, test_mode: true }, makeProfile());
    expect(await screen.findByText('Test mode', {})).toBeTruthy();
  });

  it('asks an unverified account to verify its email before a trial, and shows the refusal', async () => {
    const { fetch } = buyPage(
      '/buy?subscription_id=3',
      SANDBOX,
      makeProfile({ email_verified: false }),
      7,
    );
    expect(await screen.findByText('Verify your email first', {})).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send the link again' }).getAttribute('href')).toBe(
      '/verify-notice',
    );
    await userEvent.type(await screen.findByLabelText('Card number', {}), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Start my free trial' }));
    expect(
      await screen.findByText('Verify your email address to start the free trial.', {}),
    ).toBeTruthy();
    expect(callsTo(fetch, '/api/stripe/subscription/start_trial')).toHaveLength(1);
  });
});
