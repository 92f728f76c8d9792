import { useState, type SyntheticEvent } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { StatusMessage } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useInvoicePreview } from '../api/get-invoice-preview';
import { usePackages, useSubscriptions } from '../api/get-offers';
import { buyPath, productFields, type BuySelection } from '../lib/buy-selection';
import { commerceErrorText } from '../lib/commerce-errors';
import { OrderSummary } from './order-summary';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/** Option values name the product kind too: a pass and a plan may share an id. */
function selectionOf(value: string): BuySelection | null {
  const [kind, id] = value.split(':');
  if (!id) return null;
  return kind === 'subscription'
    ? { kind: 'subscription', subscriptionId: Number(id) }
    : { kind: 'package', packageIds: [Number(id)] };
}

/** /simulate: what a pass or plan costs today and when it renews (POST /stripe/invoice-preview). */
export function SimulateScreen() {
  const { t } = useT();
  const packages = usePackages();
  const subscriptions = useSubscriptions();
  const [value, setValue] = useState('');
  const [trial, setTrial] = useState(false);
  const [code, setCode] = useState('');
  const [request, setRequest] = useState<{
    selection: BuySelection;
    trial: boolean;
    code: string;
  } | null>(null);
  const plan = subscriptions.data?.find((s) => `subscription:${s.id}` === value);
  const preview = useInvoicePreview(
    request
      ? {
          ...productFields(request.selection),
          ...(request.code && { promo_code: request.code }),
          ...(request.trial && { trial: true }),
        }
      : null,
  );

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const selection = selectionOf(value);
    if (!selection) return;
    setRequest({ selection, trial: trial && (plan?.trial_period ?? 0) > 0, code: code.trim() });
  };

  return (
    <div className="page-container">
      <title>{t('commerce:simulate.title')}</title>
      <PageHeader title={t('commerce:simulate.title')} subtitle={t('commerce:simulate.subtitle')} />
      <div className={styles.layout}>
        <form className={`${formStyles.form} ${styles.main}`} onSubmit={onSubmit} noValidate>
          <SelectField
            label={t('commerce:simulate.product')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          >
            <option value="">{t('commerce:simulate.choose')}</option>
            {(packages.data ?? [])
              .filter((p) => !p.disabled)
              .map((p) => (
                <option key={`p${p.id}`} value={`package:${p.id}`}>
                  {p.name}
                </option>
              ))}
            {(subscriptions.data ?? []).map((s) => (
              <option key={`s${s.id}`} value={`subscription:${s.id}`}>
                {s.name}
              </option>
            ))}
          </SelectField>
          {plan && plan.trial_period > 0 ? (
            <CheckboxField
              label={t('commerce:simulate.withTrial')}
              checked={trial}
              onChange={(e) => setTrial(e.target.checked)}
            />
          ) : null}
          <TextField
            label={t('commerce:simulate.promo')}
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
          <SubmitButton isPending={preview.isFetching} pendingLabel={t('commerce:promo.applying')}>
            {t('commerce:simulate.preview')}
          </SubmitButton>
        </form>
        <div className={styles.aside}>
          {preview.isError ? (
            <FormAlert tone="error">{commerceErrorText(t, preview.error)}</FormAlert>
          ) : preview.data && request ? (
            <>
              <OrderSummary preview={preview.data} />
              <ButtonLink to={buyPath(request.selection)} className={styles.simulateBuy}>
                {t('commerce:simulate.buy')}
              </ButtonLink>
            </>
          ) : (
            <StatusMessage compact title={t('commerce:simulate.empty')} />
          )}
        </div>
      </div>
    </div>
  );
}
