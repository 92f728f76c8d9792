import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import {
  formatCardNumber,
  formatExpiry,
  type CardField,
  type CardFormValues,
  type CardProblem,
} from '../lib/card-validation';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * The sandbox's own card form, clearly labelled: no real payment is made. The numbers are the
 * provider's test cards; the form is checked before sending (see validateCard).
 */
export function SandboxCardForm({
  values,
  errors,
  saveCard,
  onChange,
  onSaveCardChange,
}: {
  values: CardFormValues;
  errors: Partial<Record<CardField, CardProblem>>;
  /** The "save this card" choice of a payment; a card added to the wallet leaves it out. */
  saveCard?: boolean;
  onChange: (values: CardFormValues) => void;
  onSaveCardChange?: (save: boolean) => void;
}) {
  const { t } = useT();
  const error = (field: CardField) => {
    const problem = errors[field];
    return problem ? t(`commerce:card.errors.${problem}`) : undefined;
  };
  const set = (field: CardField, value: string) => onChange({ ...values, [field]: value });

  return (
    <fieldset className={styles.cardForm}>
      <legend className={styles.sandboxLabel}>{t('commerce:card.sandbox')}</legend>
      <p className={styles.sandboxHint}>{t('commerce:card.sandboxHint')}</p>
      <TextField
        label={t('commerce:card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.number}
        error={error('number')}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
      />
      <div className={styles.cardRow}>
        <TextField
          label={t('commerce:card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={values.expiry}
          error={error('expiry')}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
        />
        <TextField
          label={t('commerce:card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          error={error('cvc')}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <TextField
        label={t('commerce:card.name')}
        autoComplete="cc-name"
        value={values.name}
        error={error('name')}
        onChange={(e) => set('name', e.target.value)}
      />
      {onSaveCardChange ? (
        <CheckboxField
          label={t('commerce:buy.saveCard')}
          checked={saveCard ?? false}
          onChange={(e) => onSaveCardChange(e.target.checked)}
        />
      ) : null}
    </fieldset>
  );
}
