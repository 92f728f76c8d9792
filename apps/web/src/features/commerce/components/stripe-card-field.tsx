import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import formStyles from '../../../components/ui/form.module.css';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { useT } from '../../../lib/i18n';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/** The site's colours for the Card Element: it lives in Stripe's iframe, out of reach of our CSS. */
function elementStyle() {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      color: color('--color-text', '#f2f5fa'),
      iconColor: color('--color-text-muted', '#9aa4b5'),
      fontSize: '16px',
      '::placeholder': { color: color('--color-text-muted', '#9aa4b5') },
    },
    invalid: { color: '#ff8a85', iconColor: '#ff8a85' },
  };
}

/**
 * Stripe Elements' Card Element, mounted while shown. The card number never touches this site:
 * `onCard` hands the element to the payment step, which asks Stripe for a payment method.
 */
export function StripeCardField({
  stripe,
  error,
  saveCard,
  onCard,
  onSaveCardChange,
}: {
  stripe: Stripe;
  /** A refusal from Stripe for this card (shown under the field). */
  error: string | null;
  saveCard: boolean;
  onCard: (card: StripeCardElement | null) => void;
  onSaveCardChange: ((save: boolean) => void) | null;
}) {
  const { t, i18n } = useT();
  const host = useRef<HTMLDivElement>(null);
  const [typingError, setTypingError] = useState<string | null>(null);
  const language = i18n.language;

  useEffect(() => {
    if (!host.current) return;
    const elements = stripe.elements({ locale: language as StripeElementLocale });
    const card = elements.create('card', { hidePostalCode: true, style: elementStyle() });
    card.on('change', (event) => setTypingError(event.error?.message ?? null));
    card.mount(host.current);
    onCard(card);
    return () => {
      onCard(null);
      card.destroy();
    };
  }, [stripe, language, onCard]);

  const message = typingError ?? error;
  return (
    <fieldset className={styles.stripeCard}>
      <legend className={styles.legend}>{t('commerce:card.title')}</legend>
      <div ref={host} className={styles.stripeHost} data-invalid={message ? true : undefined} />
      {message ? (
        <p className={formStyles.error} role="alert">
          {message}
        </p>
      ) : null}
      {onSaveCardChange ? (
        <CheckboxField
          label={t('commerce:buy.saveCard')}
          checked={saveCard}
          onChange={(e) => onSaveCardChange(e.target.checked)}
        />
      ) : null}
    </fieldset>
  );
}
