import { AdminPromoInputSchema, type AdminCommerceOptions, type AdminPromo } from '@rudy/contracts';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { deleteCommerceItem } from '../api/commerce-list';
import { savePromo } from '../api/promo-codes';
import { promoDraft, promoInput } from '../lib/commerce-drafts';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';
import { CheckGroup, SwitchField } from './commerce-fields';
import { useMoney } from './commerce-products-screen';

function PromoForm({
  promo,
  options,
  onDone,
}: {
  promo: AdminPromo | null;
  options: AdminCommerceOptions;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => promoDraft(promo),
    toInput: promoInput,
    schema: AdminPromoInputSchema,
    save: (input) => savePromo(promo?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  const set = (name: string) => (value: string) => form.setDraft((d) => ({ ...d, [name]: value }));
  const { kind, product_type: type } = form.draft;
  const products = options.products.filter((p) => p.type === type);
  return (
    <AdminForm
      form={form}
      title={promo ? t('admin-commerce:promo.edit') : t('admin-commerce:promo.new')}
      label={t('admin-commerce:promo.formLabel')}
      onCancel={() => onDone(false)}
      after={<p className={styles.muted}>{t('admin-commerce:promo.perUser')}</p>}
    >
      <TextField
        label={t('admin-commerce:promo.code')}
        {...form.field('code')}
        maxLength={64}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <SelectField label={t('admin-commerce:promo.kind')} {...form.field('kind')}>
        <option value="percent">{t('admin-commerce:promo.kinds.percent')}</option>
        <option value="amount">{t('admin-commerce:promo.kinds.amount')}</option>
      </SelectField>
      {kind === 'amount' ? (
        <TextField
          label={t('admin-commerce:promo.amountOff')}
          inputMode="decimal"
          hint={options.currency}
          {...form.field('amount_off')}
          error={form.error('amount_off_cents')}
        />
      ) : (
        <TextField
          label={t('admin-commerce:promo.percentOff')}
          inputMode="numeric"
          {...form.field('percent_off')}
        />
      )}
      <TextField
        label={t('admin-commerce:promo.expires')}
        type="datetime-local"
        {...form.field('expires_at')}
      />
      <TextField
        label={t('admin-commerce:promo.limit')}
        hint={t('admin-commerce:promo.limitHint')}
        inputMode="numeric"
        {...form.field('max_redemptions')}
      />
      <SelectField label={t('admin-commerce:promo.productType')} {...form.field('product_type')}>
        <option value="">{t('admin-commerce:promo.productTypes.any')}</option>
        <option value="package">{t('admin-commerce:promo.productTypes.package')}</option>
        <option value="subscription">{t('admin-commerce:promo.productTypes.subscription')}</option>
      </SelectField>
      {products.length > 0 ? (
        <CheckGroup
          legend={t('admin-commerce:promo.products')}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
          value={form.draft.product_ids ?? ''}
          onChange={set('product_ids')}
          error={form.error('product_ids')}
        />
      ) : null}
      <SwitchField
        label={t('admin-commerce:promo.disabled')}
        value={form.draft.disabled ?? 'false'}
        onChange={set('disabled')}
      />
    </AdminForm>
  );
}

/** The channel's promo codes: discount, limits, expiry and how often each was used. */
export function PromoScreen({
  codes,
  options,
}: {
  codes: AdminPromo[];
  options: AdminCommerceOptions;
}) {
  const { t, i18n } = useT();
  const editing = useEditing<AdminPromo>();
  const money = useMoney(options.currency);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (editing.editing)
    return (
      <PromoForm
        promo={editing.editing === 'new' ? null : editing.editing}
        options={options}
        onDone={(saved) => editing.done(saved ? t('admin-commerce:promo.saved') : null)}
      />
    );
  const expired = (p: AdminPromo) => p.expires_at !== null && new Date(p.expires_at) <= new Date();
  return (
    <AdminList
      id="promo-title"
      title={t('admin-commerce:promo.title')}
      newLabel={t('admin-commerce:promo.new')}
      editing={editing}
      items={codes}
      inUse={(p) => p.redemptions > 0}
      texts={{
        inUse: t('admin-commerce:promo.inUse'),
        confirmDelete: t('admin-commerce:promo.confirmDelete'),
        deleted: t('admin-commerce:promo.deleted'),
      }}
      remove={(p) => deleteCommerceItem('/admin/promo-codes', p.id)}
      empty={t('admin-commerce:promo.empty')}
      row={(p) => (
        <>
          <div className={styles.rowMain}>
            <strong>{p.code}</strong>
            <span className={styles.muted}>
              {[
                p.max_redemptions === null
                  ? t('admin-commerce:promo.usesUnlimited', { count: p.redemptions })
                  : t('admin-commerce:promo.uses', {
                      count: p.redemptions,
                      limit: p.max_redemptions,
                    }),
                p.expires_at
                  ? t('admin-commerce:promo.expiresOn', {
                      date: date.format(new Date(p.expires_at)),
                    })
                  : '',
                t(`admin-commerce:promo.productTypes.${p.product_type ?? 'any'}`),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          {p.disabled ? (
            <span className={styles.hiddenPill}>{t('admin-commerce:common.off')}</span>
          ) : null}
          {expired(p) ? (
            <span className={styles.hiddenPill}>{t('admin-commerce:promo.expired')}</span>
          ) : null}
          <span className={styles.pill}>
            {p.kind === 'percent'
              ? `−${p.percent_off ?? 0} %`
              : `−${money(p.amount_off_cents ?? 0)}`}
          </span>
        </>
      )}
    />
  );
}
