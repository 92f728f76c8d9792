import type { Order } from '@rudy/contracts';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useOrders } from '../api/get-orders';
import { useUnsubscribe } from '../api/unsubscribe';
import { useDateText } from '../hooks/use-money';
import { AccountPaymentMethods } from './account-payment-methods';
import { OrderLabel } from './order-label';
import styles from './account-orders.module.css';

/** Profile passes: each pass or plan in force, then what they allow (`access`, from the account). */
export function AccountPasses({ access }: { access: ReactNode }) {
  const { t } = useT();
  const active = useOrders({ active: true });
  const held = (active.data ?? []).filter((o) => o.type !== 'event');
  return (
    <div className={styles.sections}>
      {active.isError ? (
        <LoadError what={t('commerce:passes.what')} onRetry={() => void active.refetch()} />
      ) : held.length > 0 ? (
        <section aria-labelledby="held-passes" className={styles.section}>
          <h2 id="held-passes" className={styles.heading}>
            {t('commerce:passes.title')}
          </h2>
          <ul className={styles.list}>
            {held.map((order) => (
              <PassRow key={order.id} order={order} />
            ))}
          </ul>
        </section>
      ) : null}
      <AccountPaymentMethods />
      {access}
    </div>
  );
}

type CancelState = 'idle' | 'confirming' | 'processing' | 'success' | 'error';

/** A pass or plan; a renewing plan can have its auto-renewal cancelled (access runs to the end). */
function PassRow({ order }: { order: Order }) {
  const { t } = useT();
  const dateText = useDateText();
  const unsubscribe = useUnsubscribe();
  const [state, setState] = useState<CancelState>('idle');
  const end = order.period_end ? dateText(order.period_end) : null;
  const renewing = order.type === 'subscription' && order.renewal === 'active';

  const cancel = () => {
    setState('processing');
    unsubscribe.mutate(order.id, {
      onSuccess: () => setState('success'),
      onError: () => setState('error'),
    });
  };

  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <p className={styles.name}>{order.product.name}</p>
        <p className={styles.meta}>
          {end === null
            ? t('commerce:passes.noEnd')
            : renewing
              ? t('commerce:passes.renewsOn', { date: end })
              : t('commerce:passes.endsOn', { date: end })}
        </p>
        {state === 'success' ? (
          <FormAlert tone="success">
            {t('commerce:passes.cancelled', { date: end ?? '' })}
          </FormAlert>
        ) : null}
        {state === 'error' ? (
          <FormAlert tone="error">{t('commerce:passes.cancelFailed')}</FormAlert>
        ) : null}
        {state === 'confirming' ? (
          <div
            className={styles.confirm}
            role="group"
            aria-label={t('commerce:passes.cancelRenewal')}
          >
            <p>
              {t('commerce:passes.confirmCancel', { name: order.product.name, date: end ?? '' })}
            </p>
            <div className={styles.confirmActions}>
              <Button size="s" variant="secondary" onClick={() => setState('idle')}>
                {t('commerce:passes.keep')}
              </Button>
              <Button size="s" onClick={cancel}>
                {t('commerce:passes.confirm')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <div className={styles.rowSide}>
        <OrderLabel order={order} />
        {renewing && (state === 'idle' || state === 'error' || state === 'processing') ? (
          <Button
            size="s"
            variant="secondary"
            disabled={state === 'processing'}
            aria-busy={state === 'processing' || undefined}
            onClick={() => setState('confirming')}
          >
            {state === 'processing'
              ? t('commerce:passes.processing')
              : t('commerce:passes.cancelRenewal')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
