import { AdminInviteInputSchema } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { inviteAdmin, removeAdmin, useAdminTeam, withdrawInvitation } from '../api/admins';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import styles from '../../shared/components/console.module.css';
import { day, nameOf, PeopleList, Pending } from './people-list';

/** Removing an admin or withdrawing an invitation; `onDone` is told once the team is read again. */
function useTeamChange(onDone: (kind: 'remove' | 'withdraw') => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: { kind: 'remove' | 'withdraw'; id: number }) =>
      c.kind === 'remove' ? removeAdmin(c.id) : withdrawInvitation(c.id),
    onSuccess: async (_r, c) => {
      onDone(c.kind);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** The invite form; `onSent` gets the invited address. */
function useInviteForm(onSent: (email: string) => void) {
  return useAdminForm({
    initial: () => ({ email: '' }),
    toInput: (d) => ({ email: d.email }),
    schema: AdminInviteInputSchema,
    save: inviteAdmin,
    onSaved: (sent) => onSent(sent.email),
    message: (tr, m) =>
      m === 'This person is already an admin' ? tr('admin-people:admins.alreadyAdmin') : undefined,
  });
}

/** The channel's admins and pending invitations: invite, remove, withdraw. */
export function AdminsTab() {
  const { t, i18n } = useT();
  const team = useAdminTeam();
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const change = useTeamChange((kind) =>
    setNotice(kind === 'remove' ? t('admin-people:admins.removed') : null),
  );
  const invite = useInviteForm((email) => {
    setNotice(t('admin-people:admins.invited', { email }));
    setFormKey((k) => k + 1);
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
