import { useMemo, useState, type SyntheticEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useT } from '../../../lib/i18n';
import type { PaymentChoice } from '../api/checkout';
import { useSavedCards } from '../api/list-cards';
import { setupIntent } from '../api/wallet';
import { useCardProvider } from '../hooks/use-card-provider';
import { useCheckout } from '../hooks/use-checkout';
import { productFields, type BuySelection } from '../lib/buy-selection';
import {
  EMPTY_CARD,
  validateCard,
  type CardField,
  type CardFormValues,
  type CardProblem,
} from '../lib/card-validation';
import { commerceErrorText } from '../lib/commerce-errors';
import { StripeCardError, confirmStripeStep, stripePaymentMethod } from '../lib/stripe-js';
import { VerifyForTrialNotice } from './checkout-notices';
import { CheckoutSuccess, FailurePopup, SecondStepPopup } from './checkout-outcome';
import { NEW_CARD, PaymentMethodPicker } from './payment-method-picker';
import { PromoCodeField } from './promo-code-field';
import { PurchaseTerms } from './purchase-terms';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardField } from './stripe-card-field';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/** The signed-in buyer's payment: a saved card or a new one, the promo code, and Pay. */
export function PaymentForm({
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
  const cardProvider = useCardProvider();
  const { provider, stripe, stripeCard } = cardProvider;
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
      {chosen === NEW_CARD ? (
        <NewCardFields
          cardProvider={cardProvider}
          card={card}
          cardErrors={cardErrors}
          cardRefusal={cardRefusal}
          saveCard={saveCard}
          isPlan={isPlan}
          onCard={setCard}
          onSaveCard={setSaveCard}
        />
      ) : null}
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

/** A new card: the sandbox's own form, or Stripe's card field once Stripe.js is there. */
function NewCardFields({
  cardProvider: { payments, provider, stripe, stripeMissing, onStripeCard },
  card,
  cardErrors,
  cardRefusal,
  saveCard,
  isPlan,
  onCard,
  onSaveCard,
}: {
  cardProvider: ReturnType<typeof useCardProvider>;
  card: CardFormValues;
  cardErrors: Partial<Record<CardField, CardProblem>>;
  cardRefusal: string | null;
  saveCard: boolean;
  isPlan: boolean;
  onCard: (card: CardFormValues) => void;
  onSaveCard: (save: boolean) => void;
}) {
  const { t } = useT();
  if (payments.isError)
    return <LoadError what={t('commerce:card.title')} onRetry={() => void payments.refetch()} />;
  if (provider === 'sandbox')
    return (
      <SandboxCardForm
        values={card}
        errors={cardErrors}
        saveCard={saveCard}
        onChange={onCard}
        onSaveCardChange={onSaveCard}
      />
    );
  if (stripeMissing)
    return <FormAlert tone="error">{t('commerce:card.stripeUnavailable')}</FormAlert>;
  if (!stripe) return <Skeleton height={120} radius={10} />;
  return (
    <StripeCardField
      stripe={stripe}
      error={cardRefusal}
      saveCard={saveCard}
      onCard={onStripeCard}
      // A plan keeps its card for the renewals anyway.
      onSaveCardChange={isPlan ? null : onSaveCard}
    />
  );
}
