import type { AdminOrderDetail } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { refundOrder, useOrder } from '../api/order';
import styles from '../../shared/components/console.module.css';
import own from './commerce.module.css';
import { useMoney } from './commerce-products-screen';

/**
 * The refund: asked first, sent once (the button stays disabled while it runs; the server makes
 * a repeated refund of the same order a no-op anyway), then every console query is read again.
 */
function useRefund(order: AdminOrderDetail, onDone: (message: string) => void) {
  const { t } = useT();
  const client = useQueryClient();
  const money = useMoney(order.currency);
  const sent = useRef(false);
  const refund = useMutation({
    mutationFn: () => refundOrder(order.id),
    onSuccess: async (done) => {
      onDone(t('admin-commerce:orders.refunded', { amount: money(done.amount_cents) }));
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
    onSettled: () => {
      sent.current = false;
    },
  });
  const ask = () => {
    if (sent.current) return;
    const question = t('admin-commerce:orders.confirmRefund', {
      amount: money(order.amount_cents),
      email: order.email ?? t('admin-commerce:orders.deletedUser'),
    });
    if (!window.confirm(question)) return;
    sent.current = true;
    refund.mutate();
  };
  return { refund, ask };
}

function Facts({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useT();
  const money = useMoney(order.currency);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');
  const facts: [string, string][] = [
    [t('admin-commerce:orders.created'), date(order.created_at)],
    [
      t('admin-commerce:orders.status'),
      `${t(`admin-commerce:orders.statuses.${order.status}`)} · ${t(`admin-commerce:orders.activity.${order.activity_status}`)}`,
    ],
    [
      t('admin-commerce:orders.items'),
      order.items.map((i) => `${i.name} (${money(i.amount_cents)})`).join(', '),
    ],
    [
      t('admin-commerce:orders.discount'),
      order.discount_cents > 0 ? money(order.discount_cents) : '—',
    ],
    [t('admin-commerce:orders.promo'), order.promo_code ?? '—'],
    [t('admin-commerce:orders.charged'), money(order.amount_cents)],
    [t('admin-commerce:orders.payment'), `${order.provider} · ${order.provider_ref ?? '—'}`],
    [t('admin-commerce:orders.card'), order.card ?? '—'],
  ];
  if (order.period_end) {
    facts.push([
      t('admin-commerce:orders.period'),
      `${date(order.period_start)} → ${date(order.period_end)}`,
    ]);
  }
  if (order.renewal)
    facts.push([
      t('admin-commerce:orders.renewal'),
      t(`admin-commerce:orders.renewals.${order.renewal}`),
    ]);
  if (order.failure_code) facts.push([t('admin-commerce:orders.failure'), order.failure_code]);
  return (
    <dl className={own.detail}>
      {facts.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Loaded({ order, onBack }: { order: AdminOrderDetail; onBack: () => void }) {
  const { t } = useT();
  const money = useMoney(order.currency);
  const [notice, setNotice] = useState<string | null>(null);
  const { refund, ask } = useRefund(order, setNotice);
  const refusal =
    refund.isError && isApiError(refund.error) && refund.error.code === 'not_refundable'
      ? t('admin-commerce:orders.notRefundable')
      : apiErrorText(t, refund.error);
  return (
    <section className={styles.screen} aria-labelledby="order-title">
      <div className={styles.head}>
        <h1 id="order-title">{t('admin-commerce:orders.number', { id: order.id })}</h1>
        <Button variant="secondary" size="s" onClick={onBack}>
          {t('admin-commerce:orders.back')}
        </Button>
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {refund.isError ? <FormAlert tone="error">{refusal}</FormAlert> : null}
      <div className={own.panel}>
        <strong>{order.email ?? t('admin-commerce:orders.deletedUser')}</strong>
        <Facts order={order} />
      </div>
      {order.refundable ? (
        <div className={own.panel}>
          <p className={styles.muted}>{t('admin-commerce:orders.refundRule')}</p>
          <div>
            <Button variant="secondary" disabled={refund.isPending} onClick={ask}>
              {refund.isPending
                ? t('admin-commerce:orders.refunding')
                : t('admin-commerce:orders.refund', { amount: money(order.amount_cents) })}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** One order: what it bought and how it was paid; a paid one can be refunded in full. */
export function OrderDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useT();
  const order = useOrder(id);
  if (order.isError)
    return (
      <LoadError what={t('admin-commerce:orders.loadError')} onRetry={() => void order.refetch()} />
    );
  if (!order.data) return <Skeleton height={320} radius="var(--radius-m)" />;
  return <Loaded order={order.data} onBack={onBack} />;
}
