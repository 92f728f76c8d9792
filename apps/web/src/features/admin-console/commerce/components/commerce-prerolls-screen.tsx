import {
  AdminPrerollInputSchema,
  type AdminCommerceOptions,
  type AdminPreroll,
} from '@rudy/contracts';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { deleteCommerceItem } from '../api/commerce-list';
import { savePreroll } from '../api/prerolls';
import { prerollDraft, prerollInput } from '../lib/commerce-drafts';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';
import { CheckGroup, SwitchField } from './commerce-fields';
import own from './commerce.module.css';

function PrerollForm({
  preroll,
  options,
  onDone,
}: {
  preroll: AdminPreroll | null;
  options: AdminCommerceOptions;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => prerollDraft(preroll),
    toInput: prerollInput,
    schema: AdminPrerollInputSchema,
    save: (input) => savePreroll(preroll?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  const set = (name: string) => (value: string) => form.setDraft((d) => ({ ...d, [name]: value }));
  return (
    <AdminForm
      form={form}
      title={preroll ? t('admin-commerce:prerolls.edit') : t('admin-commerce:prerolls.new')}
      label={t('admin-commerce:prerolls.formLabel')}
      onCancel={() => onDone(false)}
    >
      <TextField label={t('admin-commerce:prerolls.url')} {...form.field('url')} maxLength={500} />
      <TextField
        label={t('admin-commerce:prerolls.weight')}
        inputMode="numeric"
        {...form.field('weight')}
      />
      <TextField
        label={t('admin-commerce:prerolls.suppression')}
        hint={t('admin-commerce:prerolls.suppressionHint')}
        inputMode="numeric"
        {...form.field('suppression_minutes')}
      />
      <SelectField label={t('admin-commerce:prerolls.location')} {...form.field('location_id')}>
        <option value="">{t('admin-commerce:common.any')}</option>
        {options.locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <SwitchField
        label={t('admin-commerce:prerolls.forLive')}
        value={form.draft.for_live ?? 'true'}
        onChange={set('for_live')}
        error={form.error('for_live')}
      />
      <SwitchField
        label={t('admin-commerce:prerolls.forVod')}
        value={form.draft.for_vod ?? 'true'}
        onChange={set('for_vod')}
      />
      <CheckGroup
        legend={t('admin-commerce:prerolls.sports')}
        options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
        value={form.draft.event_category_ids ?? ''}
        onChange={set('event_category_ids')}
        error={form.error('event_category_ids')}
      />
      <SwitchField
        label={t('admin-commerce:prerolls.disabled')}
        value={form.draft.disabled ?? 'false'}
        onChange={set('disabled')}
      />
    </AdminForm>
  );
}

/** The channel's pre-rolls with their weights and the share of draws each gets. */
export function PrerollsScreen({
  prerolls,
  options,
}: {
  prerolls: AdminPreroll[];
  options: AdminCommerceOptions;
}) {
  const { t } = useT();
  const editing = useEditing<AdminPreroll>();
  if (editing.editing)
    return (
      <PrerollForm
        preroll={editing.editing === 'new' ? null : editing.editing}
        options={options}
        onDone={(saved) => editing.done(saved ? t('admin-commerce:prerolls.saved') : null)}
      />
    );
  const where = (p: AdminPreroll) =>
    [
      p.for_live ? t('admin-commerce:prerolls.kinds.live') : '',
      p.for_vod ? t('admin-commerce:prerolls.kinds.vod') : '',
    ]
      .filter(Boolean)
      .join(' + ');
  return (
    <AdminList
      id="prerolls-title"
      title={t('admin-commerce:prerolls.title')}
      newLabel={t('admin-commerce:prerolls.new')}
      editing={editing}
      items={prerolls}
      inUse={() => false}
      texts={{
        inUse: '',
        confirmDelete: t('admin-commerce:prerolls.confirmDelete'),
        deleted: t('admin-commerce:prerolls.deleted'),
      }}
      remove={(p) => deleteCommerceItem('/admin/prerolls', p.id)}
      empty={t('admin-commerce:prerolls.empty')}
      row={(p) => (
        <>
          <div className={styles.rowMain}>
            <strong className={own.url}>{p.url}</strong>
            <span className={styles.muted}>
              {`${where(p)} · ${t('admin-commerce:prerolls.share', { percent: p.share_percent })}`}
            </span>
          </div>
          {p.disabled ? (
            <span className={styles.hiddenPill}>{t('admin-commerce:common.off')}</span>
          ) : null}
          <span className={styles.pill}>{`× ${p.weight}`}</span>
        </>
      )}
    />
  );
}
