import type { AdminCommerceOptions, AdminPass, AdminPlan } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { deleteCommerceItem, savePass, savePlan } from '../api/commerce';
import { passDraft, passInput, planDraft, planInput } from '../lib/commerce-drafts';
import { AdminList, useEditing, type Editing } from './admin-list';
import styles from './console.module.css';
import { PassForm, PlanForm } from './commerce-product-form';

/** Money in the channel's currency, in the admin's language. */
export function useMoney(currency: string) {
  const { i18n } = useT();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  return (cents: number) => format.format(cents / 100);
}

/** Switching a product on or off sale: the same save as the form, with `disabled` flipped. */
function useSwitch<T extends { id: number; name_en: string; disabled: boolean }>(
  editing: Editing<T>,
  save: (item: T) => Promise<unknown>,
) {
  const { t } = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (_saved, item) => {
      editing.setNotice(
        t(
          item.disabled ? 'admin-commerce:common.switchedOn' : 'admin-commerce:common.switchedOff',
          {
            name: item.name_en,
          },
        ),
      );
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

function SwitchButton({
  off,
  pending,
  onClick,
}: {
  off: boolean;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useT();
  return (
    <Button size="s" variant="secondary" disabled={pending} onClick={onClick}>
      {off ? t('admin-commerce:common.switchOn') : t('admin-commerce:common.switchOff')}
    </Button>
  );
}

function usage(t: ReturnType<typeof useT>['t'], p: { orders: number; holders: number }) {
  return [
    t('admin-commerce:product.orders', { count: p.orders }),
    t('admin-commerce:product.holders', { count: p.holders }),
  ].join(' · ');
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
  const editing = useEditing<AdminPass>();
  const money = useMoney(options.currency);
  const flip = useSwitch(editing, (p: AdminPass) =>
    savePass(p.id, passInput({ ...passDraft(p), disabled: p.disabled ? 'false' : 'true' })),
  );
  if (editing.editing)
    return (
      <PassForm
        pass={editing.editing === 'new' ? null : editing.editing}
        options={options}
        onDone={(saved) => editing.done(saved ? t('admin-commerce:passes.saved') : null)}
      />
    );
  return (
    <AdminList
      id="passes-title"
      title={t('admin-commerce:passes.title')}
      newLabel={t('admin-commerce:passes.new')}
      editing={editing}
      items={passes}
      inUse={(p) => p.orders > 0 || p.is_basic}
      texts={{
        inUse: t('admin-commerce:product.inUse'),
        confirmDelete: t('admin-commerce:passes.confirmDelete'),
        deleted: t('admin-commerce:passes.deleted'),
      }}
      remove={(p) => deleteCommerceItem('/admin/passes', p.id)}
      empty={t('admin-commerce:passes.empty')}
      toolbar={
        <>
          <p className={styles.muted}>
            {t('admin-commerce:common.currencyNote', { currency: options.currency })}
          </p>
          {flip.isError ? <FormAlert tone="error">{apiErrorText(t, flip.error)}</FormAlert> : null}
        </>
      }
      actions={(p) =>
        p.is_basic ? null : (
          <SwitchButton off={p.disabled} pending={flip.isPending} onClick={() => flip.mutate(p)} />
        )
      }
      row={(p) => (
        <>
          <div className={styles.rowMain}>
            <strong>{p.name_en}</strong>
            <span className={styles.muted}>
              {p.is_basic ? t('admin-commerce:passes.basic') : usage(t, p)}
            </span>
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

/** The channel's subscription plans: period, trial, price; sold ones are switched off. */
export function PlansScreen({
  plans,
  options,
}: {
  plans: AdminPlan[];
  options: AdminCommerceOptions;
}) {
  const { t } = useT();
  const editing = useEditing<AdminPlan>();
  const money = useMoney(options.currency);
  const flip = useSwitch(editing, (p: AdminPlan) =>
    savePlan(p.id, planInput({ ...planDraft(p), disabled: p.disabled ? 'false' : 'true' })),
  );
  if (editing.editing)
    return (
      <PlanForm
        plan={editing.editing === 'new' ? null : editing.editing}
        options={options}
        onDone={(saved) => editing.done(saved ? t('admin-commerce:plans.saved') : null)}
      />
    );
  return (
    <AdminList
      id="plans-title"
      title={t('admin-commerce:plans.title')}
      newLabel={t('admin-commerce:plans.new')}
      editing={editing}
      items={plans}
      inUse={(p) => p.orders > 0}
      texts={{
        inUse: t('admin-commerce:product.inUse'),
        confirmDelete: t('admin-commerce:plans.confirmDelete'),
        deleted: t('admin-commerce:plans.deleted'),
      }}
      remove={(p) => deleteCommerceItem('/admin/plans', p.id)}
      empty={t('admin-commerce:plans.empty')}
      toolbar={
        flip.isError ? <FormAlert tone="error">{apiErrorText(t, flip.error)}</FormAlert> : null
      }
      actions={(p) => (
        <SwitchButton off={p.disabled} pending={flip.isPending} onClick={() => flip.mutate(p)} />
      )}
      row={(p) => (
        <>
          <div className={styles.rowMain}>
            <strong>{p.name_en}</strong>
            <span className={styles.muted}>
              {[
                t(`admin-commerce:plans.periods.${p.period}`),
                p.trial_period_days > 0
                  ? t('admin-commerce:plans.trialDays', { count: p.trial_period_days })
                  : '',
                usage(t, p),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
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
