import type { AdminSiteContent, AdminSiteSettings, Locale } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import '../../../../locales/admin-site';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { FormAlert } from '../../../../components/ui/form-alert';
import { SelectField } from '../../../../components/ui/select-field';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextAreaField, TextField } from '../../../../components/ui/text-field';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import {
  deleteSiteItem,
  saveSiteItem,
  saveSiteSettings,
  useSiteContent,
  type SiteArea,
} from '../api/site-content';
import { SITE_FORMS, siteFieldMessage, toDraft, toInput } from '../lib/site-content-fields';
import { AdminForm, AdminFormActions, useAdminForm } from '../../shared/components/admin-form';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';

type Item = { id: number } & Record<string, unknown>;
const TABS = ['menu', 'pages', 'slides', 'faq', 'static_blocks', 'settings'] as const;
type Tab = (typeof TABS)[number];

function ItemForm({
  area,
  item,
  onDone,
}: {
  area: SiteArea;
  item: Item | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useT();
  const { fields, schema } = SITE_FORMS[area];
  const form = useAdminForm({
    initial: () => toDraft(fields, item),
    toInput: (draft) => toInput(fields, draft),
    schema,
    save: (input) => saveSiteItem(area, item?.id ?? null, input),
    onSaved: () => onDone(true),
    message: siteFieldMessage,
  });
  const label = (name: string) => t(`admin-site:fields.${name}` as 'admin-site:fields.url');
  return (
    <AdminForm
      form={form}
      title={item ? t('admin-site:edit') : t('admin-site:new')}
      label={t('admin-site:formLabel')}
      onCancel={() => onDone(false)}
      after={<p className={styles.muted}>{t('admin-site:frFallback')}</p>}
    >
      {fields.map((f) => {
        const field = form.field(f.name);
        switch (f.kind) {
          case 'checkbox':
            return (
              <CheckboxField
                key={f.name}
                label={label(f.name)}
                checked={field.value === 'true'}
                onChange={(e) => field.onChange({ target: { value: String(e.target.checked) } })}
                error={field.error}
              />
            );
          case 'select':
            return (
              <SelectField key={f.name} label={label(f.name)} {...field}>
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {t(`admin-site:options.${o}` as 'admin-site:options.main')}
                  </option>
                ))}
              </SelectField>
            );
          case 'textarea':
            return (
              <TextAreaField
                key={f.name}
                label={label(f.name)}
                hint={f.hint ? t(`admin-site:hints.${f.hint}`) : undefined}
                rows={f.hint === 'markdown' ? 10 : 5}
                maxLength={f.max}
                {...field}
              />
            );
          case 'number':
          case 'id':
            return <TextField key={f.name} label={label(f.name)} inputMode="numeric" {...field} />;
          default:
            return (
              <TextField
                key={f.name}
                label={label(f.name)}
                hint={f.hint ? t(`admin-site:hints.${f.hint}`) : undefined}
                maxLength={f.max}
                {...field}
              />
            );
        }
      })}
    </AdminForm>
  );
}

/** What a row of an area shows: its title in English, and where it goes. */
function rowText(area: SiteArea, item: Item): { title: string; detail: string } {
  const s = (k: string) => (typeof item[k] === 'string' ? item[k] : '');
  switch (area) {
    case 'menu':
      return { title: s('title_en'), detail: `${s('location')} · ${s('url')}` };
    case 'pages':
      return { title: s('name_en'), detail: s('url') };
    case 'slides':
      return { title: s('title_en'), detail: s('slidable_type') };
    case 'faq':
      return { title: s('question_en'), detail: s('answer_en').slice(0, 80) };
    default:
      return { title: s('title_en'), detail: s('alias') };
  }
}

function SettingsForm({ start }: { start: AdminSiteSettings }) {
  const { t } = useT();
  const client = useQueryClient();
  const [language, setLanguage] = useState<Locale>(start.language);
  const [blocks, setBlocks] = useState(start.static_blocks);
  const save = useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  function submit(e: SyntheticEvent) {
    e.preventDefault();
    save.mutate({ language, static_blocks: blocks });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {save.isSuccess ? (
        <FormAlert tone="success">{t('admin-site:settings.saved')}</FormAlert>
      ) : null}
      {save.isError ? <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert> : null}
      <SelectField
        label={t('admin-site:settings.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value === 'fr' ? 'fr' : 'en')}
      >
        <option value="en">{t('admin-site:languages.en')}</option>
        <option value="fr">{t('admin-site:languages.fr')}</option>
      </SelectField>
      <CheckboxField
        label={t('admin-site:settings.staticBlocks')}
        checked={blocks}
        onChange={(e) => setBlocks(e.target.checked)}
      />
      <AdminFormActions isPending={save.isPending} />
    </form>
  );
}

/**
 * Everything the channel bootstrap serves viewers besides the name, logo and colours: the menu,
 * pages, slides, FAQ, static blocks and the first-visit language. A change is seen at once.
 */
export function SiteContentScreen() {
  const { t } = useT();
  const content = useSiteContent();
  const [tab, setTab] = useState<Tab>('menu');
  const editing = useEditing<Item>();

  if (content.isError)
    return <LoadError what={t('admin-site:loadError')} onRetry={() => void content.refetch()} />;
  if (!content.data) return <Skeleton height={320} radius="var(--radius-m)" />;

  const tabs = (
    <div className={styles.tabs} role="group" aria-label={t('admin-site:label')}>
      {TABS.map((x) => (
        <button
          key={x}
          type="button"
          className={styles.tab}
          aria-pressed={tab === x}
          onClick={() => {
            editing.done(null);
            setTab(x);
          }}
        >
          {t(`admin-site:areas.${x}`)}
        </button>
      ))}
    </div>
  );

  if (tab === 'settings')
    return (
      <section className={styles.screen} aria-labelledby="site-title">
        <div className={styles.head}>
          <h1 id="site-title">{t('admin-site:title')}</h1>
        </div>
        {tabs}
        <SettingsForm start={content.data.settings} />
      </section>
    );

  const area: SiteArea = tab;
  if (editing.editing)
    return (
      <ItemForm
        key={area}
        area={area}
        item={editing.editing === 'new' ? null : editing.editing}
        onDone={(saved) => editing.done(saved ? t('admin-site:saved') : null)}
      />
    );
  const items = content.data[area as keyof AdminSiteContent] as unknown as Item[];
  return (
    <AdminList
      id="site-title"
      title={t('admin-site:title')}
      newLabel={t('admin-site:new')}
      editing={editing}
      items={items}
      inUse={() => false}
      texts={{
        inUse: '',
        confirmDelete: t('admin-site:confirmDelete'),
        deleted: t('admin-site:deleted'),
      }}
      remove={(item) => deleteSiteItem(area, item.id)}
      toolbar={tabs}
      empty={t('admin-site:empty')}
      row={(item) => {
        const { title, detail } = rowText(area, item);
        return (
          <div className={styles.rowMain}>
            <strong>{title}</strong>
            <span className={styles.muted}>{detail}</span>
          </div>
        );
      }}
    />
  );
}
