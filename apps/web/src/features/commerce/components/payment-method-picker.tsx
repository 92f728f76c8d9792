import type { SavedCard } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import styles from './checkout.module.css';
import '../../../locales/commerce';

export const NEW_CARD = 'new';

/** Saved cards (GET stripe/list-cards) or a new one; nothing is chosen until the buyer picks. */
export function PaymentMethodPicker({
  cards,
  value,
  onChange,
}: {
  cards: readonly SavedCard[];
  value: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  const options = [
    ...cards.map((card) => ({
      id: card.id,
      label: t('commerce:buy.cardLabel', {
        brand: card.brand.toUpperCase(),
        last4: card.last4,
        month: String(card.exp_month).padStart(2, '0'),
        year: card.exp_year,
      }),
    })),
    { id: NEW_CARD, label: t('commerce:buy.newCard') },
  ];
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>{t('commerce:buy.savedCards')}</legend>
      {options.map((option) => (
        <label key={option.id} className={styles.method}>
          <input
            type="radio"
            name="payment-method"
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
