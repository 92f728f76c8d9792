import type { AdminCommerceOptions, AdminPass, AdminPlan } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { deleteCommerceItem } from '../api/commerce-list';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';
import { PASSES, PLANS, ProductForm, type ProductKind } from './commerce-product-form';

/** Money in the channel's currency, in the admin's language. */
export function useMoney(currency: string) {
  const { i18n } = useT();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  return (cents: number) => format.format(cents / 100);
}

function usage(t: ReturnType<typeof useT>['t'], p: { orders: number; holders: number }) {
  return [
    t('admin-commerce:product.orders', { count: p.orders }),
    t('admin-commerce:product.holders', { count: p.holders }),
  ].join(' · ');
}

/**
 * A list of products of one kind, with its form: each row's name, what it is, off sale or not and
 * its price; switched on or off sale with the form's own save (`disabled` flipped).
 */
function ProductsScreen<P extends AdminPass | AdminPlan, I>({
  kind,
  items,
  options,
  describe,
  fixed = () => false,
  note,
}: {
  kind: ProductKind<P, I>;
  items: P[];
  options: AdminCommerceOptions;
  /** The row's second line. */
  describe: (item: P) => string;
  /** Never switched on sale nor deleted (the basic pass). */
  fixed?: (item: P) => boolean;
  note?: ReactNode;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const editing = useEditing<P>();
  const money = useMoney(options.currency);
  const flip = useMutation({
    mutationFn: (p: P) =>
      kind.save(p.id, kind.input({ ...kind.draft(p), disabled: p.disabled ? 'false' : 'true' })),
    onSuccess: async (_saved, p) => {
      editing.setNotice(
        t(p.disabled ? 'admin-commerce:common.switchedOn' : 'admin-commerce:common.switchedOff', {
          name: p.name_en,
        }),
      );
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  if (editing.editing)
    return (
      <ProductForm
        kind={kind}
        product={editing.editing === 'new' ? null : editing.editing}
        options={options}
        onDone={(saved) => editing.done(saved ? t(`admin-commerce:${kind.area}.saved`) : null)}
      />
    );
  return (
    <AdminList
      id={`${kind.area}-title`}
      title={t(`admin-commerce:${kind.area}.title`)}
      newLabel={t(`admin-commerce:${kind.area}.new`)}
      editing={editing}
      items={items}
      inUse={(p) => p.orders > 0 || fixed(p)}
      texts={{
        inUse: t('admin-commerce:product.inUse'),
        confirmDelete: t(`admin-commerce:${kind.area}.confirmDelete`),
        deleted: t(`admin-commerce:${kind.area}.deleted`),
      }}
      remove={(p) => deleteCommerceItem(kind.path, p.id)}
      empty={t(`admin-commerce:${kind.area}.empty`)}
      toolbar={
        <>
          {note}
          {flip.isError ? <FormAlert tone="error">{apiErrorText(t, flip.error)}</FormAlert> : null}
        </>
      }
      actions={(p) =>
        fixed(p) ? null : (
          <Button
            size="s"
            variant="secondary"
            disabled={flip.isPending}
            onClick={() => flip.mutate(p)}
          >
            {p.disabled
              ? t('admin-commerce:common.switchOn')
              : t('admin-commerce:common.switchOff')}
          </Button>
        )
      }
      row={(p) => (
        <>
          <div className={styles.rowMain}>
            <strong>{p.name_en}</strong>
            <span className={styles.muted}>{describe(p)}</span>
          </div>
          {p.disabled ? (
            <span className={styles.hiddenPill}>{t('admin-commerce:common.offSale')}</span>
          ) : null}
          <span className={styles.pill}>{money(p.base_price_cents + p.service_fee_cents)}</span>
        </>
      )}
    />
  );
}

/** The channel's passes: price, what they grant, what they cover; sold ones are switched off. */
export function PassesScreen({
  passes,
  options,
}: {
  passes: AdminPass[];
  options: AdminCommerceOptions;
}) {
  const { t } = useT();
  return (
    <ProductsScreen
      kind={PASSES}
      items={passes}
      options={options}
      fixed={(p) => p.is_basic}
      describe={(p) => (p.is_basic ? t('admin-commerce:passes.basic') : usage(t, p))}
      note={
        <p className={styles.muted}>
          {t('admin-commerce:common.currencyNote', { currency: options.currency })}
        </p>
      }
    />
  );
}

/** The channel's subscription plans: period, trial, price; sold ones are switched off. */
export function PlansScreen({
  plans,
  options,
}: {
  plans: AdminPlan[];
  options: AdminCommerceOptions;
}) {
  const { t } = useT();
  return (
    <ProductsScreen
      kind={PLANS}
      items={plans}
      options={options}
      describe={(p) =>
        [
          t(`admin-commerce:plans.periods.${p.period}`),
          p.trial_period_days > 0
            ? t('admin-commerce:plans.trialDays', { count: p.trial_period_days })
            : '',
          usage(t, p),
        ]
          .filter(Boolean)
          .join(' · ')
      }
    />
  );
}
