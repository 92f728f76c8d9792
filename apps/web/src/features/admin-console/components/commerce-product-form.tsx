import {
  AdminPassInputSchema,
  AdminPlanInputSchema,
  type AdminCommerceOptions,
  type AdminPass,
  type AdminPlan,
} from '@rudy/contracts';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { savePass, savePlan } from '../api/commerce';
import { passDraft, passInput, planDraft, planInput, type Draft } from '../lib/commerce-drafts';
import { AdminForm, useAdminForm } from './admin-form';
import { CheckGroup, SwitchField } from './commerce-fields';

type Form = ReturnType<typeof useAdminForm<Draft, unknown, unknown>>;

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

export function PassForm({
  pass,
  options,
  onDone,
}: {
  pass: AdminPass | null;
  options: AdminCommerceOptions;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => passDraft(pass),
    toInput: passInput,
    schema: AdminPassInputSchema,
    save: (input) => savePass(pass?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  const set = (name: string) => (value: string) => form.setDraft((d) => ({ ...d, [name]: value }));
  const isTeamPass = form.draft.is_team_pass === 'true';
  return (
    <AdminForm
      form={form}
      title={pass ? t('admin-commerce:passes.edit') : t('admin-commerce:passes.new')}
      label={t('admin-commerce:passes.formLabel')}
      onCancel={() => onDone(false)}
    >
      <ProductFields form={form as unknown as Form} options={options} />
      <SelectField label={t('admin-commerce:passes.passType')} {...form.field('pass_type')}>
        <option value="regular">{t('admin-commerce:passes.passTypes.regular')}</option>
        <option value="addon">{t('admin-commerce:passes.passTypes.addon')}</option>
      </SelectField>
      <SwitchField
        label={t('admin-commerce:passes.teamPass')}
        value={form.draft.is_team_pass ?? 'false'}
        onChange={set('is_team_pass')}
      />
      {isTeamPass ? (
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
    </AdminForm>
  );
}

export function PlanForm({
  plan,
  options,
  onDone,
}: {
  plan: AdminPlan | null;
  options: AdminCommerceOptions;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => planDraft(plan),
    toInput: planInput,
    schema: AdminPlanInputSchema,
    save: (input) => savePlan(plan?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  return (
    <AdminForm
      form={form}
      title={plan ? t('admin-commerce:plans.edit') : t('admin-commerce:plans.new')}
      label={t('admin-commerce:plans.formLabel')}
      onCancel={() => onDone(false)}
    >
      <ProductFields form={form as unknown as Form} options={options} />
      <SelectField label={t('admin-commerce:plans.period')} {...form.field('period')}>
        <option value="month">{t('admin-commerce:plans.periods.month')}</option>
        <option value="annual">{t('admin-commerce:plans.periods.annual')}</option>
      </SelectField>
      <TextField
        label={t('admin-commerce:plans.trial')}
        inputMode="numeric"
        {...form.field('trial_period_days')}
      />
    </AdminForm>
  );
}
