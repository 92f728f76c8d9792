import type { Profile } from '@rudy/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusMessage } from '../../../components/ui/status-message';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useEventForSale } from '../api/get-event';
import { useInvoicePreview } from '../api/get-invoice-preview';
import { useSubscriptions } from '../api/get-offers';
import { useMoney } from '../hooks/use-money';
import { productFields, readBuySelection, type BuySelection } from '../lib/buy-selection';
import { commerceErrorText } from '../lib/commerce-errors';
import { TestModeNotice } from './checkout-notices';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';
import { SignInToBuy } from './sign-in-to-buy';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * /buy: reads what to sell from the query, then the summary and, once signed in, the payment.
 * Anonymous visitors see the summary and are asked to sign in first.
 */
export function CheckoutScreen({ user }: { user: Profile | null }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const selection = useMemo(() => readBuySelection(params), [params]);
  return (
    <div className="page-container">
      <title>{t('commerce:buy.title')}</title>
      <PageHeader title={t('commerce:buy.title')} subtitle={t('commerce:buy.subtitle')} />
      <TestModeNotice />
      {selection ? (
        <Checkout selection={selection} user={user} />
      ) : (
        <StatusMessage
          tone="error"
          title={t('commerce:buy.notSelected')}
          description={t('commerce:buy.notSelectedText')}
          action={
            <ButtonLink to="/packages" variant="secondary" size="s">
              {t('commerce:buy.seePasses')}
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}

function Checkout({ selection, user }: { selection: BuySelection; user: Profile | null }) {
  const { t } = useT();
  const money = useMoney();
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const { preview, trialDays, isTrial, lockTrial } = useCheckoutPrice(selection, user, promoCode);
  const event = useEventForSale(selection.kind === 'event' ? selection.eventId : null);

  // A later refetch may fail (a single-use code is spent once paid): the figures shown stay.
  if (preview.isError && !preview.data) {
    const notFound = isApiError(preview.error) && preview.error.code === 'pass_not_found';
    return (
      <StatusMessage
        tone="error"
        title={notFound ? t('commerce:buy.passNotFound') : commerceErrorText(t, preview.error)}
        description={notFound ? t('commerce:buy.passNotFoundText') : undefined}
        action={
          <ButtonLink to="/packages" variant="secondary" size="s">
            {t('commerce:buy.seePasses')}
          </ButtonLink>
        }
      />
    );
  }

  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        {preview.data ? (
          <OrderSummary preview={preview.data} eventName={event.data?.name} />
        ) : (
          <Skeleton height={260} radius={16} />
        )}
      </aside>
      <div className={styles.main}>
        {/* The payment waits for the price: what is bought (a trial or not) must be known first. */}
        {!preview.data ? null : user ? (
          <PaymentForm
            selection={selection}
            isTrial={isTrial}
            needsVerifiedEmail={isTrial && !user.email_verified}
            trialTerms={
              isTrial && preview.data?.next_payment_amount != null
                ? {
                    days: trialDays,
                    amount: money(preview.data.next_payment_amount, preview.data.currency),
                  }
                : null
            }
            totalText={preview.data ? money(preview.data.total, preview.data.currency) : null}
            promoCode={promoCode}
            onPromoCode={setPromoCode}
            onStart={lockTrial}
          />
        ) : (
          <SignInToBuy />
        )}
      </div>
    </div>
  );
}

/**
 * The price of the selection for this buyer: the free trial is offered once per user
 * (trial_period_used), on plans that have one, and a promo code applies to a paid purchase only.
 */
function useCheckoutPrice(selection: BuySelection, user: Profile | null, promoCode: string | null) {
  const product = useMemo(() => productFields(selection), [selection]);
  const subscriptions = useSubscriptions();
  const plan =
    selection.kind === 'subscription'
      ? subscriptions.data?.find((s) => s.id === selection.subscriptionId)
      : undefined;
  const offered = plan && user && !user.trial_period_used ? plan.trial_period : 0;
  // Fixed once the buyer pays: the purchase itself sets trial_period_used, and the screen must
  // keep describing what was bought.
  const [locked, setLocked] = useState<number | null>(null);
  const trialDays = locked ?? offered;
  const isTrial = trialDays > 0;
  const preview = useInvoicePreview(
    selection.kind === 'subscription' && subscriptions.isPending
      ? null
      : { ...product, ...(promoCode && !isTrial && { promo_code: promoCode }), trial: isTrial },
  );
  return { preview, trialDays, isTrial, lockTrial: () => setLocked(trialDays) };
}
