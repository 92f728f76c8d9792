import {
  AdminAnnouncementBodySchema,
  type AdminAnnouncement,
  type AdminAnnouncementDraft,
  type AdminAnnouncementPreview,
  type AnnouncementSegment,
} from '@rudy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { SelectField } from '../../../../components/ui/select-field';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextAreaField, TextField } from '../../../../components/ui/text-field';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { usePasses } from '../../commerce/api/passes';
import { useTeams } from '../../teams/api/teams';
import { useAdminForm, AdminFormActions } from '../../shared/components/admin-form';
import consoleStyles from '../../shared/components/console.module.css';
import { useAnnouncements } from '../api/get-announcements';
import { previewAnnouncement } from '../api/preview-announcement';
import { sendAnnouncement } from '../api/send-announcement';
import styles from './announcements.module.css';

const SEGMENTS: readonly AnnouncementSegment[] = ['team', 'pass', 'opted_in'];

const emptyDraft = () => ({
  segment: 'team' as string,
  target_id: '',
  subject_en: '',
  body_en: '',
  subject_fr: '',
  body_fr: '',
});
type Draft = ReturnType<typeof emptyDraft>;

const toDraft = (d: Draft): AdminAnnouncementDraft => ({
  segment: d.segment as AnnouncementSegment,
  target_id: d.segment === 'opted_in' || d.target_id === '' ? null : Number(d.target_id),
  subject_en: d.subject_en,
  subject_fr: d.subject_fr,
  body_en: d.body_en,
  body_fr: d.body_fr,
});

/** The team or pass picker of the chosen segment. */
function TargetField({
  segment,
  field,
}: {
  segment: string;
  field: {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    error?: string | undefined;
  };
}) {
  const { t, i18n } = useT();
  const teams = useTeams();
  const passes = usePasses();
  if (segment === 'opted_in') return null;
  const options =
    segment === 'team'
      ? (teams.data ?? []).map((team) => ({ id: team.id, name: team.name }))
      : (passes.data ?? [])
          .filter((p) => !p.is_basic)
          .map((p) => ({ id: p.id, name: (i18n.language === 'fr' && p.name_fr) || p.name_en }));
  return (
    <SelectField
      label={t(`admin-announcements:${segment === 'team' ? 'team' : 'pass'}`)}
      {...field}
    >
      <option value="">{t('admin-announcements:choose')}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The two languages' mails side by side, each in a sandboxed frame (no script, no navigation). */
function Preview({ preview }: { preview: AdminAnnouncementPreview }) {
  const { t } = useT();
  return (
    <section aria-labelledby="announcement-preview">
      <h2 id="announcement-preview" className={consoleStyles.formTitle}>
        {t('admin-announcements:previewTitle')}
      </h2>
      <p>{t('admin-announcements:reach', { count: preview.recipients })}</p>
      <div className={styles.previews}>
        {(['en', 'fr'] as const).map((lang) => (
          <div key={lang} className={styles.previewPane} lang={lang}>
            <h3>
              {t(lang === 'en' ? 'admin-announcements:previewEn' : 'admin-announcements:previewFr')}
            </h3>
            <p className={styles.subject}>{preview[lang].subject}</p>
            <iframe
              className={styles.frame}
              title={`${t('admin-announcements:previewTitle')} · ${lang.toUpperCase()}`}
              sandbox=""
              srcDoc={preview[lang].html}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

function Sent({ items }: { items: AdminAnnouncement[] }) {
  const { t, i18n } = useT();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="announcements-sent">
      <h2 id="announcements-sent" className={consoleStyles.formTitle}>
        {t('admin-announcements:past')}
      </h2>
      {items.length === 0 ? (
        <p className={consoleStyles.muted}>{t('admin-announcements:none')}</p>
      ) : (
        <ul className={consoleStyles.list}>
          {items.map((a) => (
            <li key={a.id} className={consoleStyles.row}>
              <span className={consoleStyles.rowMain}>
                <strong>{i18n.language === 'fr' ? a.subject_fr : a.subject_en}</strong>
                <span className={consoleStyles.muted}>
                  {[
                    t(`admin-announcements:segments.${a.segment}`),
                    day.format(new Date(a.created_at)),
                    t('admin-announcements:progress', { sent: a.sent, recipients: a.recipients }),
                    a.pending > 0 ? t('admin-announcements:pending', { count: a.pending }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Announcements: choose who, write it in both languages, preview both, then send. The form keeps
 * one request id until it is sent, so a double click or a retry after a lost answer is one mail.
 */
export function AnnouncementsScreen() {
  const { t } = useT();
  const list = useAnnouncements();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [previewed, setPreviewed] = useState<{
    key: string;
    preview: AdminAnnouncementPreview;
  } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useAdminForm({
    initial: emptyDraft,
    toInput: (d: Draft) => ({ ...toDraft(d), request_id: requestId }),
    schema: AdminAnnouncementBodySchema,
    save: sendAnnouncement,
    onSaved: () => {
      setNotice(t('admin-announcements:sent'));
      setPreviewed(null);
      setRequestId(crypto.randomUUID());
      form.setDraft(emptyDraft());
    },
  });
  const key = JSON.stringify(toDraft(form.draft));
  const current = previewed?.key === key ? previewed.preview : null;
  const preview = useMutation({
    mutationFn: previewAnnouncement,
    onSuccess: (p, draft) => setPreviewed({ key: JSON.stringify(draft), preview: p }),
  });
  const segment = form.draft.segment;

  return (
    <div className={consoleStyles.screen}>
      <div className={consoleStyles.head}>
        <h1>{t('admin-announcements:title')}</h1>
      </div>
      <p className={consoleStyles.muted}>{t('admin-announcements:subtitle')}</p>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <form
        className={consoleStyles.form}
        aria-label={t('admin-announcements:formLabel')}
        noValidate
        onSubmit={(e) => {
          setNotice(null);
          form.submit(e);
        }}
      >
        <h2 className={consoleStyles.formTitle}>{t('admin-announcements:new')}</h2>
        {form.save.isError ? (
          <FormAlert tone="error">{apiErrorText(t, form.save.error)}</FormAlert>
        ) : null}
        {preview.isError ? (
          <FormAlert tone="error">{apiErrorText(t, preview.error)}</FormAlert>
        ) : null}
        <div className={consoleStyles.grid}>
          <SelectField label={t('admin-announcements:segment')} {...form.field('segment')}>
            {SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {t(`admin-announcements:segments.${s}`)}
              </option>
            ))}
          </SelectField>
          <TargetField segment={segment} field={form.field('target_id')} />
        </div>
        <div className={consoleStyles.grid}>
          <div>
            <TextField
              label={t('admin-announcements:subjectEn')}
              {...form.field('subject_en')}
              maxLength={150}
            />
            <TextAreaField
              label={t('admin-announcements:bodyEn')}
              hint={t('admin-announcements:bodyHint')}
              {...form.field('body_en')}
              rows={8}
              maxLength={5000}
            />
          </div>
          <div lang="fr">
            <TextField
              label={t('admin-announcements:subjectFr')}
              {...form.field('subject_fr')}
              maxLength={150}
            />
            <TextAreaField
              label={t('admin-announcements:bodyFr')}
              hint={t('admin-announcements:bodyHint')}
              {...form.field('body_fr')}
              rows={8}
              maxLength={5000}
            />
          </div>
        </div>
        <div className={consoleStyles.actions}>
          <Button
            type="button"
            variant="secondary"
            disabled={preview.isPending}
            onClick={() => {
              setNotice(null);
              if (form.check() !== undefined) preview.mutate(toDraft(form.draft));
            }}
          >
            {t('admin-announcements:preview')}
          </Button>
        </div>
        {current ? (
          <>
            <Preview preview={current} />
            {current.recipients > 0 ? (
              <AdminFormActions
                isPending={form.save.isPending}
                submitLabel={t('admin-announcements:send', { count: current.recipients })}
              />
            ) : (
              <p className={consoleStyles.muted}>{t('admin-announcements:nobody')}</p>
            )}
          </>
        ) : (
          <p className={consoleStyles.muted}>{t('admin-announcements:previewFirst')}</p>
        )}
      </form>
      {list.isError ? (
        <LoadError what={t('admin-announcements:loadError')} onRetry={() => void list.refetch()} />
      ) : list.data ? (
        <Sent items={list.data} />
      ) : (
        <Skeleton height={120} radius="var(--radius-m)" />
      )}
    </div>
  );
}
