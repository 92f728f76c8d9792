import type { Profile } from '@rudy/contracts';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import type { PaymentChoice } from '../api/checkout';
import { useEventForSale } from '../api/get-event';
import { useInvoicePreview } from '../api/get-invoice-preview';
import { useSubscriptions } from '../api/get-offers';
import { useSavedCards } from '../api/list-cards';
import { usePaymentsConfig } from '../api/payments-config';
import { setupIntent } from '../api/wallet';
import { useCheckout } from '../hooks/use-checkout';
import { useMoney } from '../hooks/use-money';
import { useStripeJs } from '../hooks/use-stripe-js';
import { productFields, readBuySelection, type BuySelection } from '../lib/buy-selection';
import { EMPTY_CARD, validateCard, type CardField, type CardProblem } from '../lib/card-validation';
import { commerceErrorText } from '../lib/commerce-errors';
import { StripeCardError, confirmStripeStep, stripePaymentMethod } from '../lib/stripe-js';
import { TestModeNotice, VerifyForTrialNotice } from './checkout-notices';
import { CheckoutSuccess, FailurePopup, SecondStepPopup } from './checkout-outcome';
import { OrderSummary } from './order-summary';
import { NEW_CARD, PaymentMethodPicker } from './payment-method-picker';
import { PromoCodeField } from './promo-code-field';
import { PurchaseTerms } from './purchase-terms';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardField } from './stripe-card-field';
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
  const product = useMemo(() => productFields(selection), [selection]);
  const subscriptions = useSubscriptions();
  const plan =
    selection.kind === 'subscription'
      ? subscriptions.data?.find((s) => s.id === selection.subscriptionId)
      : undefined;
  // The free trial is offered once per user (trial_period_used), on plans that have one.
  const offered = plan && user && !user.trial_period_used ? plan.trial_period : 0;
  // Fixed once the buyer pays: the purchase itself sets trial_period_used, and the screen must
  // keep describing what was bought.
  const [locked, setLocked] = useState<number | null>(null);
  const trialDays = locked ?? offered;
  const isTrial = trialDays > 0;
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const preview = useInvoicePreview(
    selection.kind === 'subscription' && subscriptions.isPending
      ? null
      : { ...product, ...(promoCode && !isTrial && { promo_code: promoCode }), trial: isTrial },
  );
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
            onStart={() => setLocked(trialDays)}
          />
        ) : (
          <SignInToBuy />
        )}
      </div>
    </div>
  );
}

/** Anonymous visitors sign in or register first; login brings them back here (return_to). */
function SignInToBuy() {
  const { t } = useT();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <StatusMessage
      tone="info"
      title={t('commerce:buy.signIn.title')}
      description={t('commerce:buy.signIn.text')}
      action={
        <div className={styles.signInActions}>
          <ButtonLink to={`/login?${new URLSearchParams({ return_to: back }).toString()}`}>
            {t('commerce:buy.signIn.login')}
          </ButtonLink>
          <ButtonLink to="/registration" variant="secondary">
            {t('commerce:buy.signIn.register')}
          </ButtonLink>
        </div>
      }
    />
  );
}

function PaymentForm({
  selection,
  isTrial,
  needsVerifiedEmail,
  trialTerms,
  totalText,
  promoCode,
  onPromoCode,
  onStart,
}: {
  selection: BuySelection;
  isTrial: boolean;
  needsVerifiedEmail: boolean;
  trialTerms: { days: number; amount: string } | null;
  totalText: string | null;
  promoCode: string | null;
  onPromoCode: (code: string | null) => void;
  onStart: () => void;
}) {
  const { t } = useT();
  const product = useMemo(() => productFields(selection), [selection]);
  const cards = useSavedCards(true);
  const savedCards = cards.data ?? [];
  const [method, setMethod] = useState<string | null>(null);
  // Without saved cards the new-card form is the only way, so it is open from the start.
  const chosen = method ?? (cards.isSuccess && savedCards.length === 0 ? NEW_CARD : null);
  const [card, setCard] = useState(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, CardProblem>>>({});
  const [saveCard, setSaveCard] = useState(false);
  const [missingChoice, setMissingChoice] = useState(false);
  const checkout = useCheckout();
  const { phase } = checkout;
  const payments = usePaymentsConfig();
  const provider = payments.data?.provider;
  const stripeJs = useStripeJs(
    provider === 'stripe' ? (payments.data?.publishable_key ?? null) : null,
  );
  const stripe = stripeJs.data ?? null;
  const stripeCard = useRef<StripeCardElement | null>(null);
  const onStripeCard = useCallback((element: StripeCardElement | null) => {
    stripeCard.current = element;
  }, []);
  const stripeMissing =
    provider === 'stripe' && (!payments.data?.publishable_key || stripeJs.isError);
  const isPlan = selection.kind === 'subscription';
  // Stripe's refusal of the typed card belongs under the card field, not in the form's alert.
  const cardRefusal =
    phase.step === 'rejected' && phase.error instanceof StripeCardError
      ? phase.error.message
      : null;

  if (phase.step === 'paid') return <CheckoutSuccess order={phase.order} isTrial={isTrial} />;

  const busy =
    phase.step === 'submitting' || phase.step === 'settling' || phase.step === 'authenticating';

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    let payment: PaymentChoice;
    if (!chosen) {
      setMissingChoice(true);
      return;
    }
    setMissingChoice(false);
    // With Stripe, Stripe.js completes a card's second step; the sandbox asks in its own dialog.
    const confirmStep = stripe
      ? (clientSecret: string) => confirmStripeStep(stripe, clientSecret)
      : undefined;
    if (chosen === NEW_CARD && provider === 'stripe') {
      const element = stripeCard.current;
      if (!stripe || !element) return;
      onStart();
      void checkout.start(
        { product, payment: null, promoCode: promoCode ?? undefined, trial: isTrial },
        {
          preparePayment: async () => ({
            kind: 'saved',
            paymentMethodId: await stripePaymentMethod(stripe, element, {
              forPlan: isPlan,
              setupIntent: () => setupIntent(),
            }),
            saveCard,
          }),
          confirmStep,
        },
      );
      return;
    }
    if (chosen === NEW_CARD) {
      const check = validateCard(card, new Date());
      setCardErrors(check.ok ? {} : check.errors);
      if (!check.ok) return;
      payment = { kind: 'card', card: check.card, saveCard };
    } else {
      payment = { kind: 'saved', paymentMethodId: chosen };
    }
    onStart();
    void checkout.start(
      { product, payment, promoCode: promoCode ?? undefined, trial: isTrial },
      { confirmStep },
    );
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      {!isTrial ? (
        <PromoCodeField product={product} applied={promoCode} onApplied={onPromoCode} />
      ) : null}
      <h2 className={styles.paymentTitle}>{t('commerce:buy.payment')}</h2>
      {needsVerifiedEmail ? <VerifyForTrialNotice /> : null}
      {missingChoice ? (
        <FormAlert tone="error">{t('commerce:errors.card_required')}</FormAlert>
      ) : null}
      {phase.step === 'rejected' && cardRefusal === null ? (
        <FormAlert tone="error">{commerceErrorText(t, phase.error)}</FormAlert>
      ) : null}
      {savedCards.length > 0 ? (
        <PaymentMethodPicker
          cards={savedCards}
          value={chosen}
          onChange={(value) => {
            setMethod(value);
            setMissingChoice(false);
          }}
        />
      ) : null}
      {chosen !== NEW_CARD ? null : payments.isError ? (
        <LoadError what={t('commerce:card.title')} onRetry={() => void payments.refetch()} />
      ) : provider === 'sandbox' ? (
        <SandboxCardForm
          values={card}
          errors={cardErrors}
          saveCard={saveCard}
          onChange={setCard}
          onSaveCardChange={setSaveCard}
        />
      ) : stripeMissing ? (
        <FormAlert tone="error">{t('commerce:card.stripeUnavailable')}</FormAlert>
      ) : stripe ? (
        <StripeCardField
          stripe={stripe}
          error={cardRefusal}
          saveCard={saveCard}
          onCard={onStripeCard}
          // A plan keeps its card for the renewals anyway.
          onSaveCardChange={isPlan ? null : setSaveCard}
        />
      ) : (
        <Skeleton height={120} radius={10} />
      )}
      <PurchaseTerms trial={trialTerms} isSubscription={selection.kind === 'subscription'} />
      {phase.step === 'settling' ? (
        <FormAlert tone="info">{t('commerce:buy.settling')}</FormAlert>
      ) : null}
      <SubmitButton
        isPending={busy}
        pendingLabel={t('commerce:buy.paying')}
        // A new card with Stripe needs Stripe.js and its card field; without them nothing can pay.
        disabled={chosen === NEW_CARD && provider === 'stripe' && !stripe}
      >
        {isTrial
          ? t('commerce:buy.startTrial')
          : t('commerce:buy.pay', { amount: totalText ?? '' })}
      </SubmitButton>
      {phase.step === 'failed' ? (
        <FailurePopup order={phase.order} onRetry={checkout.reset} />
      ) : null}
      {checkout.secondStep ? (
        <SecondStepPopup order={checkout.secondStep.order} onAnswer={checkout.secondStep.answer} />
      ) : null}
    </form>
  );
}
