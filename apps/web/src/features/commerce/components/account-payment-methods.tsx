import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { LoadError } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useT } from '../../../lib/i18n';
import { useSavedCards } from '../api/list-cards';
import { usePaymentsConfig } from '../api/payments-config';
import { useOpenCustomerPortal, useSaveSandboxCard } from '../api/wallet';
import { EMPTY_CARD, validateCard, type CardCheck } from '../lib/card-validation';
import { commerceErrorText } from '../lib/commerce-errors';
import styles from './account-orders.module.css';
import { SandboxCardForm } from './sandbox-card-form';
import '../../../locales/commerce';

/**
 * Profile passes: the saved cards. With Stripe the customer portal manages cards and invoices;
 * the sandbox has no portal, so a test card is added here (POST /stripe/setup-intent).
 */
export function AccountPaymentMethods() {
  const { t } = useT();
  const config = usePaymentsConfig();
  const cards = useSavedCards(true);
  const portal = useOpenCustomerPortal();
  const [adding, setAdding] = useState(false);
  const isSandbox = config.data?.provider === 'sandbox';

  return (
    <section aria-labelledby="payment-methods" className={styles.section}>
      <h2 id="payment-methods" className={styles.heading}>
        {t('commerce:wallet.title')}
      </h2>
      {cards.isError ? (
        <LoadError what={t('commerce:wallet.what')} onRetry={() => void cards.refetch()} />
      ) : cards.isPending ? (
        <p className={styles.loading}>{t('commerce:wallet.loading')}</p>
      ) : cards.data.length === 0 ? (
        <p className={styles.meta}>{t('commerce:wallet.none')}</p>
      ) : (
        <ul className={styles.list}>
          {cards.data.map((card) => (
            <li key={card.id} className={styles.row}>
              <span className={styles.name}>
                {t('commerce:buy.cardLabel', {
                  brand: card.brand.toUpperCase(),
                  last4: card.last4,
                  month: String(card.exp_month).padStart(2, '0'),
                  year: card.exp_year,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {config.data?.customer_portal ? (
        <div>
          <Button
            variant="secondary"
            disabled={portal.isPending}
            aria-busy={portal.isPending || undefined}
            onClick={() => portal.mutate()}
          >
            {t('commerce:passes.managePayment')}
          </Button>
          {portal.isError ? (
            <FormAlert tone="error">{commerceErrorText(t, portal.error)}</FormAlert>
          ) : null}
        </div>
      ) : null}
      {isSandbox && !adding ? (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t('commerce:wallet.add')}
          </Button>
        </div>
      ) : null}
      {isSandbox && adding ? <AddSandboxCard onDone={() => setAdding(false)} /> : null}
    </section>
  );
}

/** The sandbox card form, saving the card to the wallet without a payment. */
function AddSandboxCard({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const save = useSaveSandboxCard();
  const [values, setValues] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Extract<CardCheck, { ok: false }>['errors']>({});

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const check = validateCard(values, new Date());
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) save.mutate(check.card, { onSuccess: onDone });
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      {save.isError ? <FormAlert tone="error">{commerceErrorText(t, save.error)}</FormAlert> : null}
      <SandboxCardForm values={values} errors={errors} onChange={setValues} />
      <div className={styles.confirmActions}>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('commerce:wallet.cancel')}
        </Button>
        <SubmitButton
          wide={false}
          isPending={save.isPending}
          pendingLabel={t('commerce:wallet.saving')}
        >
          {t('commerce:wallet.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
