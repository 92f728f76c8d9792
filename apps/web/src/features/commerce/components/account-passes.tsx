import type { Order } from '@rudy/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useOrders } from '../api/get-orders';
import { useResumeRenewal, useUnsubscribe } from '../api/unsubscribe';
import { useDateText } from '../hooks/use-money';
import { commerceErrorText } from '../lib/commerce-errors';
import { AccountPaymentMethods } from './account-payment-methods';
import { OrderLabel } from './order-label';
import styles from './account-orders.module.css';
import '../../../locales/commerce';

/**
 * Profile passes: each pass, plan and single game in force, then what they allow (`access`, from
 * the account).
 */
export function AccountPasses({ access }: { access: ReactNode }) {
  const { t } = useT();
  const active = useOrders({ active: true });
  const held = active.data ?? [];
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

type RenewalState =
  | 'idle'
  | 'confirming'
  | 'processing'
  | 'success'
  | 'error'
  | 'resuming'
  | 'resumed'
  | 'resumeError';

/** What the row says about time: a trial's end, the next renewal, or the end of access. */
function periodText(
  t: ReturnType<typeof useT>['t'],
  order: Order,
  end: string | null,
  trialEnd: string | null,
) {
  const renewing = order.type === 'subscription' && order.renewal === 'active';
  if (trialEnd !== null) {
    return renewing
      ? t('commerce:passes.trialThenRenews', { date: trialEnd })
      : t('commerce:passes.trialEnds', { date: trialEnd });
  }
  if (end === null) return t('commerce:passes.noEnd');
  if (renewing) return t('commerce:passes.renewsOn', { date: end });
  return order.type === 'subscription'
    ? t('commerce:passes.endsOn', { date: end })
    : t('commerce:passes.accessUntil', { date: end });
}

/**
 * A pass, plan or single game. A renewing plan can have its auto-renewal cancelled (access runs
 * to the end), and a cancelled one turned back on while it runs.
 */
function PassRow({ order }: { order: Order }) {
  const { t } = useT();
  const dateText = useDateText();
  const unsubscribe = useUnsubscribe();
  const resume = useResumeRenewal();
  const [state, setState] = useState<RenewalState>('idle');
  const end = order.period_end ? dateText(order.period_end) : null;
  const trialEnd = order.trial_ends_at ? dateText(order.trial_ends_at) : null;
  const isPlan = order.type === 'subscription';
  const renewing = isPlan && order.renewal === 'active';
  const resumable =
    isPlan && order.renewal === 'cancelled' && order.subscription_status === 'active';

  const cancel = () => {
    setState('processing');
    unsubscribe.mutate(order.id, {
      onSuccess: () => setState('success'),
      onError: () => setState('error'),
    });
  };
  const turnBackOn = () => {
    setState('resuming');
    resume.mutate(order.id, {
      onSuccess: () => setState('resumed'),
      onError: () => setState('resumeError'),
    });
  };

  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <p className={styles.name}>{order.product.name}</p>
        {order.type === 'event' ? (
          <p className={styles.meta}>{t('commerce:passes.singleGame')}</p>
        ) : null}
        <p className={styles.meta}>{periodText(t, order, end, trialEnd)}</p>
        {order.type === 'event' && order.product.event_id !== null ? (
          <Link className={styles.link} to={`/watch/${order.product.event_id}`}>
            {t('commerce:orders.watch')}
          </Link>
        ) : null}
        {state === 'success' ? (
          <FormAlert tone="success">
            {t('commerce:passes.cancelled', { date: end ?? '' })}
          </FormAlert>
        ) : null}
        {state === 'error' ? (
          <FormAlert tone="error">{t('commerce:passes.cancelFailed')}</FormAlert>
        ) : null}
        {state === 'resumed' ? (
          <FormAlert tone="success">{t('commerce:passes.resumed', { date: end ?? '' })}</FormAlert>
        ) : null}
        {state === 'resumeError' ? (
          <FormAlert tone="error">{commerceErrorText(t, resume.error)}</FormAlert>
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
        {trialEnd !== null ? (
          <span className={styles.label} data-tone="active">
            {t('commerce:passes.trial')}
          </span>
        ) : (
          <OrderLabel order={order} />
        )}
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
        {resumable && state !== 'confirming' ? (
          <Button
            size="s"
            variant="secondary"
            disabled={state === 'resuming'}
            aria-busy={state === 'resuming' || undefined}
            onClick={turnBackOn}
          >
            {state === 'resuming' ? t('commerce:passes.resuming') : t('commerce:passes.resume')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
