import { ORDER_STATUSES, type AdminOrder } from '@rudy/contracts';
import { useCallback, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { SearchField } from '../../../../components/ui/search-field';
import { SelectField } from '../../../../components/ui/select-field';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { ORDERS_PAGE, useOrders, type OrdersSearch } from '../api/orders';
import styles from '../../shared/components/console.module.css';
import own from './commerce.module.css';
import { OrderDetail } from './commerce-order-detail';
import { useMoney } from './commerce-products-screen';

function OrderRow({ order, onOpen }: { order: AdminOrder; onOpen: () => void }) {
  const { t, i18n } = useT();
  const money = useMoney(order.currency);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <strong>{`#${order.id} · ${order.product_name}`}</strong>
        <span className={styles.muted}>
          {[
            order.email ?? t('admin-commerce:orders.deletedUser'),
            when.format(new Date(order.created_at)),
            t(`admin-commerce:orders.types.${order.type}`),
          ].join(' · ')}
        </span>
      </div>
      <span className={order.status === 'paid' ? styles.pill : styles.hiddenPill}>
        {t(`admin-commerce:orders.statuses.${order.status}`)}
      </span>
      <span className={own.amount}>{money(order.amount_cents)}</span>
      <div className={styles.rowActions}>
        <Button size="s" variant="secondary" onClick={onOpen}>
          {t('admin-commerce:orders.open')}
        </Button>
      </div>
    </li>
  );
}

/** The channel's orders: search by e-mail or number, filter by status, open one to refund it. */
export function OrdersScreen() {
  const { t } = useT();
  const [search, setSearch] = useState<OrdersSearch>({ q: '', status: '', offset: 0 });
  const [open, setOpen] = useState<number | null>(null);
  const orders = useOrders(search);
  const onSearch = useCallback(
    (text: string | null) => setSearch((s) => ({ ...s, q: text ?? '', offset: 0 })),
    [],
  );

  if (open !== null) return <OrderDetail id={open} onBack={() => setOpen(null)} />;
  const page = orders.data;
  return (
    <section className={styles.screen} aria-labelledby="orders-title">
      <div className={styles.head}>
        <h1 id="orders-title">{t('admin-commerce:orders.title')}</h1>
      </div>
      <div className={own.search} role="search">
        <SearchField
          id="orders-search"
          label={t('admin-commerce:orders.search')}
          placeholder="viewer@example.com · 42"
          value={search.q || null}
          onSearch={onSearch}
          maxLength={254}
        />
        <SelectField
          label={t('admin-commerce:orders.status')}
          value={search.status}
          onChange={(e) =>
            setSearch((s) => ({
              ...s,
              status: e.target.value as OrdersSearch['status'],
              offset: 0,
            }))
          }
        >
          <option value="">{t('admin-commerce:orders.statuses.all')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin-commerce:orders.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {orders.isError ? (
        <LoadError
          what={t('admin-commerce:orders.loadError')}
          onRetry={() => void orders.refetch()}
        />
      ) : !page ? (
        <Skeleton height={240} radius="var(--radius-m)" />
      ) : page.data.length === 0 ? (
        <p className={styles.empty}>{t('admin-commerce:orders.empty')}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {t('admin-commerce:orders.total', { count: page.meta.total })}
          </p>
          <ul className={styles.list} aria-busy={orders.isPlaceholderData}>
            {page.data.map((o) => (
              <OrderRow key={o.id} order={o} onOpen={() => setOpen(o.id)} />
            ))}
          </ul>
          <div className={own.pager}>
            <Button
              size="s"
              variant="secondary"
              disabled={search.offset === 0}
              onClick={() =>
                setSearch((s) => ({ ...s, offset: Math.max(0, s.offset - ORDERS_PAGE) }))
              }
            >
              {t('admin-commerce:orders.previous')}
            </Button>
            <Button
              size="s"
              variant="secondary"
              disabled={search.offset + ORDERS_PAGE >= page.meta.total}
              onClick={() => setSearch((s) => ({ ...s, offset: s.offset + ORDERS_PAGE }))}
            >
              {t('admin-commerce:orders.next')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
