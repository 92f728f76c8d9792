import type { CheckoutResponse, Order } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makeOrder, makePage } from '../../../test/fixtures';
import { monthlyPlan, seasonPassPreview } from '../../../test/offer-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * Stripe.js cannot load here (no network): '@stripe/stripe-js/pure' is replaced by a fake Stripe
 * whose Card Element and confirm calls are recorded.
 */
const fake = vi.hoisted(() => {
  const card = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };
  const stripe = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmCardSetup: vi.fn(),
  };
  return { card, stripe, loadStripe: vi.fn(() => Promise.resolve(stripe)) };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: fake.loadStripe }));

beforeEach(() => {
  fake.stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_new' } });
  fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
  fake.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_setup' } });
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STRIPE = {
  provider: 'stripe',
  publishable_key: 'pk_test_1',
  customer_portal: true,
  test_mode: true,
};
const SANDBOX = {
  provider: 'sandbox',
  publishable_key: null,
  customer_portal: false,
  test_mode: true,
};

function order(status: Order['status'], type: Order['type'] = 'package'): Order {
  return makeOrder(status, {
    type,
    amount: 154.99,
    amount_cents: 15499,
    currency: 'CAD',
    card: { brand: 'visa', last4: '4242' },
    failure_code: null,
    failure_message: null,
    provider: 'stripe',
  });
}

const answer = (o: Order, status: CheckoutResponse['payment']['status'], secret: string | null) =>
  json({
    order: o,
    payment: {
      provider: 'stripe',
      status,
      client_secret: secret,
      next_action: status === 'requires_action' ? 'confirm' : null,
      message: null,
    },
  } satisfies CheckoutResponse);

function buyPage(path: string, config: object, trialDays = 0) {
  return renderApp(path, {
    user: makeProfile(),
    handler: withBackground((url) => {
      switch (url.pathname) {
        case '/api/payments/config':
          return json(config);
        case '/api/stripe/invoice-preview':
          return json(seasonPassPreview(trialDays));
        case '/api/stripe/list-cards':
          return json([]);
        case '/api/subscriptions':
          return json([monthlyPlan]);
        case '/api/stripe/buy':
          return answer(order('created'), 'requires_action', 'pi_secret');
        case '/api/stripe/confirm':
          return answer(order('paid'), 'succeeded', null);
        case '/api/stripe/setup-intent':
          return json({
            provider: 'stripe',
            status: 'requires_payment_method',
            client_secret: 'seti_secret',
            card: null,
          });
        case '/api/stripe/subscription/start_trial':
          return answer(order('paid', 'subscription'), 'succeeded', null);
        case '/api/orders':
          return json(makePage([]));
        default:
          return json([]);
      }
    }),
  });
}

describe('checkout with Stripe Elements', () => {
  it('pays with the Card Element and completes 3-D Secure with confirmCardPayment', async () => {
    const { fetch } = buyPage('/buy?package_id=1', STRIPE);
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(screen.queryByText('Sandbox — test card')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    const done = await screen.findByRole('heading', { name: 'Payment complete' });
    // The outcome replaces the form: it takes the focus, so it is where the buyer is.
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: fake.card });
    const buy = callsTo(fetch, '/api/stripe/buy')[0]?.body;
    expect(buy).toMatchObject({ package_id: 1, payment_method_id: 'pm_new' });
    expect(buy).not.toHaveProperty('card');
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_secret');
    expect(callsTo(fetch, '/api/stripe/confirm')[0]?.body).toMatchObject({ order_id: 7 });
  });

  it('saves the card of a trial through a SetupIntent (confirmCardSetup)', async () => {
    const { fetch } = buyPage('/buy?subscription_id=3', STRIPE, 7);
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Start my free trial' }));
    await screen.findByRole('heading', { name: 'Your free trial has started' });
    expect(fake.stripe.confirmCardSetup).toHaveBeenCalledWith('seti_secret', {
      payment_method: { card: fake.card },
    });
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(callsTo(fetch, '/api/stripe/subscription/start_trial')[0]?.body).toMatchObject({
      subscription_id: 3,
      payment_method_id: 'pm_setup',
    });
  });

  it("shows Stripe's refusal of the card under the field and sends nothing", async () => {
    fake.stripe.createPaymentMethod.mockResolvedValue({
      error: { message: 'Your card number is incomplete.' },
    });
    const { fetch } = buyPage('/buy?package_id=1', STRIPE);
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(callsTo(fetch, '/api/stripe/buy')).toEqual([]);
  });

  it('says card payments are unavailable, and cannot pay, when Stripe.js does not load', async () => {
    fake.loadStripe.mockImplementation(() => Promise.reject(new Error('offline')));
    // A key of its own: Stripe.js loaded for the other tests' key stays cached.
    const { fetch } = buyPage('/buy?package_id=1', {
      ...STRIPE,
      publishable_key: 'pk_test_offline',
    });
    expect(await screen.findByText(/Card payments are unavailable/, {})).toBeTruthy();
    const pay = screen.getByRole('button', { name: /^Pay \$/ });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetch, '/api/stripe/buy')).toEqual([]);
    fake.loadStripe.mockImplementation(() => Promise.resolve(fake.stripe));
  });

  it('keeps the sandbox card form, and never loads Stripe.js, when Stripe is not configured', async () => {
    buyPage('/buy?package_id=1', SANDBOX);
    expect(await screen.findByText('Sandbox — test card', {})).toBeTruthy();
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });
});
