import {
  AdminPassInputSchema,
  AdminPlanInputSchema,
  type AdminCommerceOptions,
  type AdminPass,
  type AdminPassInput,
  type AdminPlan,
  type AdminPlanInput,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { ReactNode } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { savePass } from '../api/passes';
import { savePlan } from '../api/plans';
import { passDraft, passInput, planDraft, planInput, type Draft } from '../lib/commerce-drafts';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { CheckGroup, SwitchField } from './commerce-fields';

/** What the fields read of a form's state (the same for either kind of product). */
type Form = Pick<
  ReturnType<typeof useAdminForm<Draft, unknown, unknown>>,
  'draft' | 'setDraft' | 'field' | 'error'
>;

/** The fields passes and plans share: names, prices in the channel's currency, grants, on sale. */
function ProductFields({ form, options }: { form: Form; options: AdminCommerceOptions }) {
  const { t } = useT();
  const set = (name: string) => (value: string) => form.setDraft((d) => ({ ...d, [name]: value }));
  const money = { inputMode: 'decimal' as const, hint: options.currency };
  return (
    <>
      <TextField
        label={t('admin-commerce:product.nameEn')}
        {...form.field('name_en')}
        maxLength={120}
      />
      <TextField
        label={t('admin-commerce:product.nameFr')}
        {...form.field('name_fr')}
        maxLength={120}
      />
      <TextField
        label={t('admin-commerce:product.price')}
        {...form.field('price')}
        {...money}
        error={form.error('base_price_cents')}
      />
      <TextField
        label={t('admin-commerce:product.fee')}
        {...form.field('fee')}
        {...money}
        error={form.error('service_fee_cents')}
      />
      <TextField
        label={t('admin-commerce:product.descriptionEn')}
        {...form.field('description_en')}
        maxLength={1000}
      />
      <TextField
        label={t('admin-commerce:product.descriptionFr')}
        {...form.field('description_fr')}
        maxLength={1000}
      />
      <TextField
        label={t('admin-commerce:product.image')}
        type="url"
        {...form.field('image_url')}
      />
      <TextField
        label={t('admin-commerce:product.position')}
        inputMode="numeric"
        {...form.field('position')}
      />
      <CheckGroup
        legend={t('admin-commerce:product.accesses')}
        options={options.accesses.map((a) => ({
          value: a,
          label: t(`admin-commerce:accesses.${a}`),
        }))}
        value={form.draft.accesses ?? ''}
        onChange={set('accesses')}
        error={form.error('accesses')}
      />
      <SwitchField
        label={t('admin-commerce:product.offSale')}
        value={form.draft.disabled ?? 'false'}
        onChange={set('disabled')}
      />
    </>
  );
}

/** What makes passes and plans differ: their texts, draft, contract, save and own fields. */
export interface ProductKind<P extends AdminPass | AdminPlan, I> {
  /** The texts' area in admin-commerce, and the API's path. */
  area: 'passes' | 'plans';
  path: '/admin/passes' | '/admin/plans';
  draft: (product: P | null) => Draft;
  input: (draft: Draft) => I;
  schema: z.ZodType;
  save: (id: number | null, input: I) => Promise<unknown>;
  /** The fields of this kind, after the ones every product has. */
  Fields: (props: { form: Form; options: AdminCommerceOptions }) => ReactNode;
}

function PassFields({ form, options }: { form: Form; options: AdminCommerceOptions }) {
  const { t } = useT();
  const set = (name: string) => (value: string) => form.setDraft((d) => ({ ...d, [name]: value }));
  return (
    <>
      <SelectField label={t('admin-commerce:passes.passType')} {...form.field('pass_type')}>
        <option value="regular">{t('admin-commerce:passes.passTypes.regular')}</option>
        <option value="addon">{t('admin-commerce:passes.passTypes.addon')}</option>
      </SelectField>
      <SwitchField
        label={t('admin-commerce:passes.teamPass')}
        value={form.draft.is_team_pass ?? 'false'}
        onChange={set('is_team_pass')}
      />
      {form.draft.is_team_pass === 'true' ? (
        <CheckGroup
          legend={t('admin-commerce:passes.teams')}
          options={options.teams.map((x) => ({ value: x.id, label: x.name }))}
          value={form.draft.participant_ids ?? ''}
          onChange={set('participant_ids')}
          error={form.error('participant_ids')}
        />
      ) : (
        <CheckGroup
          legend={t('admin-commerce:passes.sports')}
          options={options.categories.map((x) => ({ value: x.id, label: x.name }))}
          value={form.draft.event_category_ids ?? ''}
          onChange={set('event_category_ids')}
          error={form.error('event_category_ids')}
        />
      )}
    </>
  );
}

function PlanFields({ form }: { form: Form }) {
  const { t } = useT();
  return (
    <>
      <SelectField label={t('admin-commerce:plans.period')} {...form.field('period')}>
        <option value="month">{t('admin-commerce:plans.periods.month')}</option>
        <option value="annual">{t('admin-commerce:plans.periods.annual')}</option>
      </SelectField>
      <TextField
        label={t('admin-commerce:plans.trial')}
        inputMode="numeric"
        {...form.field('trial_period_days')}
      />
    </>
  );
}

export const PASSES: ProductKind<AdminPass, AdminPassInput> = {
  area: 'passes',
  path: '/admin/passes',
  draft: passDraft,
  input: passInput,
  schema: AdminPassInputSchema,
  save: savePass,
  Fields: PassFields,
};

export const PLANS: ProductKind<AdminPlan, AdminPlanInput> = {
  area: 'plans',
  path: '/admin/plans',
  draft: planDraft,
  input: planInput,
  schema: AdminPlanInputSchema,
  save: savePlan,
  Fields: PlanFields,
};

/** A pass's or a plan's form: the fields every product has, then its kind's own. */
export function ProductForm<P extends AdminPass | AdminPlan, I>({
  kind,
  product,
  options,
  onDone,
}: {
  kind: ProductKind<P, I>;
  product: P | null;
  options: AdminCommerceOptions;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => kind.draft(product),
    toInput: kind.input,
    schema: kind.schema,
    save: (input) => kind.save(product?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  const { Fields } = kind;
  return (
    <AdminForm
      form={form}
      title={t(product ? `admin-commerce:${kind.area}.edit` : `admin-commerce:${kind.area}.new`)}
      label={t(`admin-commerce:${kind.area}.formLabel`)}
      onCancel={() => onDone(false)}
    >
      <ProductFields form={form} options={options} />
      <Fields form={form} options={options} />
    </AdminForm>
  );
}
