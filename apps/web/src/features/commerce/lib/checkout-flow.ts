import type { CheckoutResponse, Order, PaymentState } from '@rudy/contracts';
import { isOrderFailed, pollOrder } from './order-polling';

/** Where a checkout stands; the screen draws one view per step. */
export type CheckoutPhase =
  | { step: 'idle' }
  | { step: 'submitting' }
  /** The card asks for a second step (sandbox: approve or deny, like 3-D Secure). */
  | { step: 'authenticating'; order: Order }
  /** Accepted by the provider: the order is polled until it settles. */
  | { step: 'settling'; order: Order }
  | { step: 'paid'; order: Order }
  /** Declined or refused: the failure popup. */
  | { step: 'failed'; order: Order }
  /** Refused before any payment (no card, wrong code, already bought...): shown on the form. */
  | { step: 'rejected'; error: unknown };

export type SecondStepOutcome = 'approve' | 'deny';

export interface CheckoutDeps {
  submit: () => Promise<CheckoutResponse>;
  confirm: (orderId: number, outcome: SecondStepOutcome) => Promise<CheckoutResponse>;
  /**
   * Has the buyer complete the second step (the sandbox's dialog, or Stripe.js with the
   * payment's client_secret); resolves with the outcome.
   */
  authenticate: (order: Order, payment: PaymentState) => Promise<SecondStepOutcome>;
  fetchOrder: (id: number, signal?: AbortSignal) => Promise<Order>;
  onPhase: (phase: CheckoutPhase) => void;
  signal?: AbortSignal;
  intervalMs?: number;
}

/**
 * One purchase from the click to its end: submit, the optional second step, then polling until
 * the order is paid or failed. Returns the final phase (also reported through onPhase).
 */
export async function runCheckout(deps: CheckoutDeps): Promise<CheckoutPhase> {
  const finish = (phase: CheckoutPhase) => {
    deps.onPhase(phase);
    return phase;
  };
  deps.onPhase({ step: 'submitting' });
  let response: CheckoutResponse;
  try {
    response = await deps.submit();
    while (response.payment.status === 'requires_action') {
      deps.onPhase({ step: 'authenticating', order: response.order });
      const outcome = await deps.authenticate(response.order, response.payment);
      deps.onPhase({ step: 'submitting' });
      response = await deps.confirm(response.order.id, outcome);
    }
  } catch (error) {
    return finish({ step: 'rejected', error });
  }
  const { order, payment } = response;
  if (payment.status === 'succeeded' || order.status === 'paid') {
    return finish({ step: 'paid', order });
  }
  if (payment.status === 'failed') return finish({ step: 'failed', order });
  deps.onPhase({ step: 'settling', order });
  try {
    const paid = await pollOrder(deps.fetchOrder, order.id, {
      intervalMs: deps.intervalMs,
      signal: deps.signal,
    });
    return finish({ step: 'paid', order: paid });
  } catch (error) {
    if (isOrderFailed(error)) return finish({ step: 'failed', order: error.order });
    return finish({ step: 'rejected', error });
  }
}
