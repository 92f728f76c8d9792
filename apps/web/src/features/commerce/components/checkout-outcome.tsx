import type { Order } from '@rudy/contracts';
import { useEffect, useRef } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { failureReasonText } from '../lib/commerce-errors';
import type { SecondStepOutcome } from '../lib/checkout-flow';
import { Modal } from '../../../components/ui/modal';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * The end of a paid checkout: what was bought, and the way to use it (the game, or the passes).
 * It replaces a long form whose Pay button was at the bottom: on a phone the page would stay
 * scrolled there, showing the footer and no sign of the payment. So it comes into view with focus
 * on its title (screen readers read it; keyboard users continue from it).
 */
export function CheckoutSuccess({ order, isTrial }: { order: Order; isTrial: boolean }) {
  const { t } = useT();
  const eventId = order.product.event_id;
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = title.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    // Not in every DOM (jsdom has none); the focus above is what matters there.
    heading.closest('section')?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <section className={styles.success} role="status" aria-labelledby="success-title">
      <span className={styles.successIcon} aria-hidden="true">
        ✓
      </span>
      <h2 id="success-title" className={styles.successTitle} ref={title} tabIndex={-1}>
        {isTrial ? t('commerce:buy.success.trialTitle') : t('commerce:buy.success.title')}
      </h2>
      <p>{t('commerce:buy.success.text', { product: order.product.name })}</p>
      <div className={styles.successActions}>
        {eventId !== null ? (
          <ButtonLink to={`/watch/${eventId}`}>{t('commerce:buy.success.watch')}</ButtonLink>
        ) : (
          <ButtonLink to="/">{t('commerce:buy.success.browse')}</ButtonLink>
        )}
        <ButtonLink to="/profile/passes" variant="secondary">
          {t('commerce:buy.success.passes')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Spec: an order failure shows a popup. Nothing was charged; the buyer may try another card. */
export function FailurePopup({ order, onRetry }: { order: Order; onRetry: () => void }) {
  const { t } = useT();
  const reason = failureReasonText(t, order);
  return (
    <Modal
      tone="error"
      title={t('commerce:buy.failure.title')}
      onClose={onRetry}
      actions={<Button onClick={onRetry}>{t('commerce:buy.failure.retry')}</Button>}
    >
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      <p>{t('commerce:buy.failure.text')}</p>
    </Modal>
  );
}

/**
 * The card's second step. The sandbox lets the buyer answer it here. A Stripe payment's step is
 * done by Stripe.js (confirmCardPayment); shown here only when Stripe.js could not load, it can
 * only be refused (nothing is charged).
 */
export function SecondStepPopup({
  order,
  onAnswer,
}: {
  order: Order;
  onAnswer: (outcome: SecondStepOutcome) => void;
}) {
  const { t } = useT();
  if (order.provider !== 'sandbox') {
    return (
      <Modal
        tone="error"
        title={t('commerce:buy.failure.title')}
        actions={<Button onClick={() => onAnswer('deny')}>{t('common:actions.close')}</Button>}
      >
        <p>{t('commerce:errors.stripe_unsupported')}</p>
      </Modal>
    );
  }
  return (
    <Modal
      title={t('commerce:buy.secondStep.title')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onAnswer('deny')}>
            {t('commerce:buy.secondStep.deny')}
          </Button>
          <Button onClick={() => onAnswer('approve')}>
            {t('commerce:buy.secondStep.approve')}
          </Button>
        </>
      }
    >
      <p>{t('commerce:buy.secondStep.text')}</p>
    </Modal>
  );
}
