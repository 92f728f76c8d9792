import { AdminInviteInputSchema, type AdminViewerSummary } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import '../../../../locales/admin-people';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextField } from '../../../../components/ui/text-field';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { VIEWERS_PAGE, setBlocked, useViewer, useViewers } from '../api/viewers';
import { inviteAdmin, removeAdmin, useAdminTeam, withdrawInvitation } from '../api/admins';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import styles from '../../shared/components/console.module.css';

const day = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale);
const nameOf = (p: { first_name: string; last_name: string; email: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.email;

/** What a list or a detail shows until its data is there: the load error (with Retry) or a skeleton. */
function Pending({
  query,
  what,
}: {
  query: { isError: boolean; refetch: () => unknown };
  what: string;
}) {
  return query.isError ? (
    <LoadError what={what} onRetry={() => void query.refetch()} />
  ) : (
    <Skeleton height={240} radius="var(--radius-m)" />
  );
}

/**
 * The people lists' one frame (viewers, admins, invitations, a viewer's passes and
 * subscriptions): a row a person or holding, its title and muted line, and its button if any;
 * `empty` stands instead of an empty list.
 */
function PeopleList<T>({
  items,
  keyOf,
  title,
  line,
  action,
  empty,
}: {
  items: readonly T[];
  keyOf: (item: T) => number;
  title: (item: T) => ReactNode;
  line: (item: T) => ReactNode;
  action?: (item: T) => ReactNode;
  empty?: ReactNode;
}) {
  if (items.length === 0 && empty !== undefined) return empty;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={keyOf(item)} className={styles.row}>
          <div className={styles.rowMain}>
            <strong>{title(item)}</strong>
            <span className={styles.muted}>{line(item)}</span>
          </div>
          {action ? <div className={styles.rowActions}>{action(item)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** One viewer: what they hold now, and Block / Unblock. */
function ViewerDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useT();
  const client = useQueryClient();
  const viewer = useViewer(id);
  const block = useMutation({
    mutationFn: (blocked: boolean) => setBlocked(id, blocked),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const back = (
    <Button size="s" variant="secondary" onClick={onBack}>
      {t('admin-people:viewer.back')}
    </Button>
  );
  if (viewer.isError || !viewer.data)
    return <Pending query={viewer} what={t('admin-people:viewer.loadError')} />;
  const v = viewer.data;
  const lang = i18n.language;
  return (
    <section className={styles.screen} aria-labelledby="viewer-title">
      <div className={styles.head}>
        <h1 id="viewer-title">{nameOf(v)}</h1>
        {back}
      </div>
      <p className={styles.muted}>
        {[
          v.email,
          t('admin-people:viewer.joined', { date: day(v.created_at, lang) }),
          v.email_verified
            ? t('admin-people:viewer.verified')
            : t('admin-people:viewer.unverified'),
        ].join(' · ')}
      </p>
      {block.isError ? <FormAlert tone="error">{apiErrorText(t, block.error)}</FormAlert> : null}
      {v.blocked ? <FormAlert tone="info">{t('admin-people:viewer.blockedNote')}</FormAlert> : null}
      {v.role === 'admin' ? (
        <p className={styles.muted}>{t('admin-people:viewer.adminNote')}</p>
      ) : (
        <div className={styles.actions}>
          <Button
            variant={v.blocked ? 'primary' : 'secondary'}
            disabled={block.isPending}
            onClick={() => {
              if (v.blocked || window.confirm(t('admin-people:viewer.confirmBlock')))
                block.mutate(!v.blocked);
            }}
          >
            {v.blocked ? t('admin-people:viewer.unblock') : t('admin-people:viewer.block')}
          </Button>
        </div>
      )}
      <h2 className={styles.formTitle}>{t('admin-people:viewer.capabilities')}</h2>
      {v.capabilities.length === 0 ? (
        <p className={styles.muted}>{t('admin-people:viewer.noCapabilities')}</p>
      ) : (
        <p>
          {v.capabilities.map((c) => (
            <span key={c} className={styles.pill}>
              {c}
            </span>
          ))}
        </p>
      )}
      <h2 className={styles.formTitle}>{t('admin-people:viewer.passes')}</h2>
      <PeopleList
        items={v.passes}
        keyOf={(p) => p.order_id}
        title={(p) => p.name}
        line={(p) =>
          [
            new Intl.NumberFormat(lang, { style: 'currency', currency: p.currency }).format(
              p.amount_cents / 100,
            ),
            day(p.bought_at, lang),
            p.active ? t('admin-people:viewer.active') : t('admin-people:viewer.ended'),
            p.ends_at ? t('admin-people:viewer.until', { date: day(p.ends_at, lang) }) : '',
          ]
            .filter(Boolean)
            .join(' · ')
        }
        empty={<p className={styles.muted}>{t('admin-people:viewer.noPasses')}</p>}
      />
      <h2 className={styles.formTitle}>{t('admin-people:viewer.subscriptions')}</h2>
      <PeopleList
        items={v.subscriptions}
        keyOf={(s) => s.id}
        title={(s) => s.name}
        line={(s) =>
          [s.status, s.current_period_end ? day(s.current_period_end, lang) : '']
            .filter(Boolean)
            .join(' · ')
        }
        empty={<p className={styles.muted}>{t('admin-people:viewer.noSubscriptions')}</p>}
      />
    </section>
  );
}

function ViewersTab() {
  const { t } = useT();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const viewers = useViewers(q.trim(), offset);
  if (open !== null) return <ViewerDetail id={open} onBack={() => setOpen(null)} />;
  const badge = (v: AdminViewerSummary) =>
    [
      v.role === 'admin' ? t('admin-people:viewers.admin') : '',
      v.blocked ? t('admin-people:viewers.blocked') : '',
    ]
      .filter(Boolean)
      .map((b) => (
        <span key={b} className={styles.pill}>
          {b}
        </span>
      ));
  return (
    <>
      <TextField
        label={t('admin-people:viewers.search')}
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOffset(0);
        }}
      />
      {viewers.isError || !viewers.data ? (
        <Pending query={viewers} what={t('admin-people:viewers.loadError')} />
      ) : viewers.data.data.length === 0 ? (
        <p className={styles.empty}>{t('admin-people:viewers.empty')}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {t('admin-people:viewers.count', { count: viewers.data.meta.total })}
          </p>
          <PeopleList
            items={viewers.data.data}
            keyOf={(v) => v.id}
            title={(v) => (
              <>
                {nameOf(v)} {badge(v)}
              </>
            )}
            line={(v) => v.email}
            action={(v) => (
              <Button size="s" variant="secondary" onClick={() => setOpen(v.id)}>
                {t('admin-people:viewers.open')}
              </Button>
            )}
          />
          <div className={styles.pager}>
            <Button
              size="s"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - VIEWERS_PAGE))}
            >
              {t('admin-people:viewers.previous')}
            </Button>
            <Button
              size="s"
              variant="secondary"
              disabled={offset + VIEWERS_PAGE >= viewers.data.meta.total}
              onClick={() => setOffset(offset + VIEWERS_PAGE)}
            >
              {t('admin-people:viewers.next')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

function AdminsTab() {
  const { t, i18n } = useT();
  const client = useQueryClient();
  const team = useAdminTeam();
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const change = useMutation({
    mutationFn: (c: { kind: 'remove' | 'withdraw'; id: number }) =>
      c.kind === 'remove' ? removeAdmin(c.id) : withdrawInvitation(c.id),
    onSuccess: async (_r, c) => {
      setNotice(c.kind === 'remove' ? t('admin-people:admins.removed') : null);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const invite = useAdminForm({
    initial: () => ({ email: '' }),
    toInput: (d) => ({ email: d.email }),
    schema: AdminInviteInputSchema,
    save: inviteAdmin,
    onSaved: (sent) => {
      setNotice(t('admin-people:admins.invited', { email: sent.email }));
      setFormKey((k) => k + 1);
    },
    message: (tr, m) =>
      m === 'This person is already an admin' ? tr('admin-people:admins.alreadyAdmin') : undefined,
  });
  if (team.isError || !team.data)
    return <Pending query={team} what={t('admin-people:admins.loadError')} />;
  const lang = i18n.language;
  const { admins } = team.data;
  return (
    <>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {change.isError ? (
        <FormAlert tone="error">
          {isApiError(change.error) && change.error.code === 'last_admin'
            ? t('admin-people:admins.lastAdmin')
            : apiErrorText(t, change.error)}
        </FormAlert>
      ) : null}
      <PeopleList
        items={admins}
        keyOf={(a) => a.id}
        title={(a) => (
          <>
            {nameOf(a)}
            {a.is_you ? ` (${t('admin-people:admins.you')})` : ''}
          </>
        )}
        line={(a) => a.email}
        action={(a) => (
          <Button
            size="s"
            variant="secondary"
            disabled={change.isPending || admins.length <= 1}
            title={admins.length <= 1 ? t('admin-people:admins.lastAdmin') : undefined}
            onClick={() => {
              if (window.confirm(t('admin-people:admins.confirmRemove', { email: a.email })))
                change.mutate({ kind: 'remove', id: a.id });
            }}
          >
            {t('admin-people:admins.remove')}
          </Button>
        )}
      />
      <AdminForm
        key={formKey}
        form={invite}
        title={t('admin-people:admins.invite')}
        label={t('admin-people:admins.invite')}
        submitLabel={t('admin-people:admins.send')}
        onCancel={() => setFormKey((k) => k + 1)}
      >
        <TextField
          label={t('admin-people:admins.email')}
          type="email"
          autoComplete="off"
          {...invite.field('email')}
        />
      </AdminForm>
      <h2 className={styles.formTitle}>{t('admin-people:admins.pending')}</h2>
      <PeopleList
        items={team.data.invitations}
        keyOf={(i) => i.id}
        title={(i) => i.email}
        line={(i) => (
          <>
            {t('admin-people:admins.by', { email: i.invited_by })} ·{' '}
            {t('admin-people:admins.expires', { date: day(i.expires_at, lang) })}
          </>
        )}
        action={(i) => (
          <Button
            size="s"
            variant="secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'withdraw', id: i.id })}
          >
            {t('admin-people:admins.withdraw')}
          </Button>
        )}
        empty={<p className={styles.muted}>{t('admin-people:admins.noPending')}</p>}
      />
    </>
  );
}

/** The channel's people: viewers (search, holdings, block) and admins (invite, remove). */
export function PeopleScreen() {
  const { t } = useT();
  const [tab, setTab] = useState<'viewers' | 'admins'>('viewers');
  return (
    <section className={styles.screen} aria-labelledby="people-title">
      <div className={styles.head}>
        <h1 id="people-title">{t('admin-people:title')}</h1>
      </div>
      <div className={styles.tabs} role="group" aria-label={t('admin-people:tabs.label')}>
        {(['viewers', 'admins'] as const).map((x) => (
          <button
            key={x}
            type="button"
            className={styles.tab}
            aria-pressed={tab === x}
            onClick={() => setTab(x)}
          >
            {t(`admin-people:tabs.${x}`)}
          </button>
        ))}
      </div>
      {tab === 'viewers' ? <ViewersTab /> : <AdminsTab />}
    </section>
  );
}
