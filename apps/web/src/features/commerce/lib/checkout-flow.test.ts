import { ORDER_POLLING_MS, type CheckoutResponse, type Order } from '@rudy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheckout, type CheckoutDeps, type CheckoutPhase } from './checkout-flow';
import { OrderFailedError, pollOrder } from './order-polling';
import { makeOrder } from '../../../test/fixtures';

const order = makeOrder;

function response(o: Order, status: CheckoutResponse['payment']['status']): CheckoutResponse {
  return {
    order: o,
    payment: {
      provider: 'sandbox',
      status,
      client_secret: null,
      next_action: status === 'requires_action' ? 'confirm' : null,
      message: null,
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('order polling', () => {
  it('asks every 2 s and resolves on paid', async () => {
    const fetchOrder = vi
      .fn()
      .mockResolvedValueOnce(order('created'))
      .mockResolvedValueOnce(order('paid'));
    const done = pollOrder(fetchOrder, 7);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS - 1);
    expect(fetchOrder).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await expect(done).resolves.toMatchObject({ status: 'paid' });
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });

  it('rejects with the popup flag on failed, and with the call error on a failed call', async () => {
    const failed = pollOrder(vi.fn().mockResolvedValue(order('failed')), 7);
    const failedCheck = expect(failed).rejects.toMatchObject({ popup: true });
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await failedCheck;
    await expect(failed).rejects.toBeInstanceOf(OrderFailedError);

    const boom = new Error('network');
    const broken = pollOrder(vi.fn().mockRejectedValue(boom), 7);
    const brokenCheck = expect(broken).rejects.toBe(boom);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await brokenCheck;
  });

  it('stops on refunded too (decisions.md): the money went back, the product was not bought', async () => {
    const fetchOrder = vi.fn().mockResolvedValue(order('refunded'));
    const refunded = pollOrder(fetchOrder, 7);
    const check = expect(refunded).rejects.toMatchObject({
      popup: true,
      order: { status: 'refunded' },
    });
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS * 3);
    await check;
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it('stops when the screen goes away', async () => {
    const fetchOrder = vi.fn().mockResolvedValue(order('created'));
    const controller = new AbortController();
    const done = pollOrder(fetchOrder, 7, { signal: controller.signal });
    const check = expect(done).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS * 2);
    controller.abort();
    await check;
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS * 5);
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });
});

describe('checkout flow', () => {
  function deps(overrides: Partial<CheckoutDeps>) {
    const phases: CheckoutPhase['step'][] = [];
    const all: CheckoutDeps = {
      submit: vi.fn().mockResolvedValue(response(order('created'), 'processing')),
      confirm: vi.fn(),
      authenticate: vi.fn().mockResolvedValue('approve'),
      fetchOrder: vi.fn().mockResolvedValue(order('paid')),
      onPhase: (p) => phases.push(p.step),
      ...overrides,
    };
    return { all, phases };
  }

  it('submits, polls the created order and ends paid', async () => {
    const { all, phases } = deps({});
    const done = runCheckout(all);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await expect(done).resolves.toMatchObject({ step: 'paid' });
    expect(phases).toEqual(['submitting', 'settling', 'paid']);
  });

  it('passes through the second step before polling', async () => {
    const confirm = vi.fn().mockResolvedValue(response(order('created'), 'processing'));
    const { all, phases } = deps({
      submit: vi.fn().mockResolvedValue(response(order('created'), 'requires_action')),
      confirm,
    });
    const done = runCheckout(all);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await expect(done).resolves.toMatchObject({ step: 'paid' });
    expect(confirm).toHaveBeenCalledWith(7, 'approve');
    expect(phases).toEqual(['submitting', 'authenticating', 'submitting', 'settling', 'paid']);
  });

  it('ends failed (the popup) when the order fails while polling', async () => {
    const { all } = deps({ fetchOrder: vi.fn().mockResolvedValue(order('failed')) });
    const done = runCheckout(all);
    await vi.advanceTimersByTimeAsync(ORDER_POLLING_MS);
    await expect(done).resolves.toMatchObject({
      step: 'failed',
      order: { failure_message: 'Your card was declined.' },
    });
  });

  it('ends rejected, without polling, when the call is refused', async () => {
    const refusal = new Error('card_required');
    const fetchOrder = vi.fn();
    const { all } = deps({ submit: vi.fn().mockRejectedValue(refusal), fetchOrder });
    await expect(runCheckout(all)).resolves.toEqual({ step: 'rejected', error: refusal });
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  it('ends paid at once when the payment already succeeded (a free order)', async () => {
    const fetchOrder = vi.fn();
    const { all } = deps({
      submit: vi.fn().mockResolvedValue(response(order('paid'), 'succeeded')),
      fetchOrder,
    });
    await expect(runCheckout(all)).resolves.toMatchObject({ step: 'paid' });
    expect(fetchOrder).not.toHaveBeenCalled();
  });
});
