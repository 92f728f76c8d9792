import type { Order } from '@rudy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  confirmPayment,
  getOrder,
  submitCheckout,
  type CheckoutRequest,
  type PaymentChoice,
} from '../api/checkout';
import { refreshAccessAfterPurchase } from '../lib/access-refresh';
import { runCheckout, type CheckoutPhase, type SecondStepOutcome } from '../lib/checkout-flow';

interface SecondStep {
  order: Order;
  answer: (outcome: SecondStepOutcome) => void;
}

/** With Stripe: the card becomes a payment method first, and Stripe.js does the second step. */
export interface StripeSteps {
  preparePayment?: () => Promise<PaymentChoice>;
  confirmStep?: (clientSecret: string) => Promise<SecondStepOutcome>;
}

/**
 * Drives one checkout at a time for the Buy screen: the phase to draw, the pending second step
 * (answered from the sandbox dialog) and a reset after a failure. Leaving the screen stops polling.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CheckoutPhase>({ step: 'idle' });
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: CheckoutRequest, options: StripeSteps = {}) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const final = await runCheckout({
        submit: async () =>
          submitCheckout(
            options.preparePayment
              ? { ...request, payment: await options.preparePayment() }
              : request,
          ),
        confirm: confirmPayment,
        authenticate: (order, payment) =>
          payment.client_secret && options.confirmStep
            ? options.confirmStep(payment.client_secret)
            : new Promise<SecondStepOutcome>((resolve) => {
                setSecondStep({
                  order,
                  answer: (outcome) => {
                    setSecondStep(null);
                    resolve(outcome);
                  },
                });
              }),
        fetchOrder: getOrder,
        onPhase: (next) => {
          if (!current.signal.aborted) setPhase(next);
        },
        signal: current.signal,
      });
      if (final.step === 'paid') await refreshAccessAfterPurchase(queryClient);
      return final;
    },
    [queryClient],
  );

  const reset = useCallback(() => setPhase({ step: 'idle' }), []);

  return { phase, secondStep, start, reset };
}
