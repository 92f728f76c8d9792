import { AdminTeamInputSchema, type AdminTeam, type AdminTeamInput } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { deleteTeam, saveTeam, useTeams } from '../api/teams';
import { adminFieldMessage } from '../lib/admin-messages';
import { fieldErrors, serverFieldErrors } from '../lib/contract-errors';
import styles from './console.module.css';

const GENDERS = ['men', 'women', 'not identified'] as const;

function TeamForm({ team, onDone }: { team: AdminTeam | null; onDone: (saved: boolean) => void }) {
  const { t } = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState({
    name: team?.name ?? '',
    short_name: team?.short_name ?? '',
    color: team?.color ?? '#2D7DD2',
    gender: team?.gender ?? '',
    sport: team?.sport ?? '',
    division: team?.division ?? '',
    league: team?.league ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: AdminTeamInput) => saveTeam(team?.id ?? null, input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin'] });
      onDone(true);
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const set = (field: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const err = (field: string) => adminFieldMessage(t, errors[field]);

  function submit(e: SyntheticEvent) {
    e.preventDefault();
    const input: AdminTeamInput = {
      ...draft,
      gender: draft.gender === '' ? null : (draft.gender as AdminTeamInput['gender']),
      participant_group_id: team?.participant_group_id ?? null,
    };
    const checked = AdminTeamInputSchema.safeParse(input);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    save.mutate(input);
  }

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('admin:teams.formLabel')}
    >
      <h2 className={styles.formTitle}>{team ? t('admin:teams.edit') : t('admin:teams.new')}</h2>
      {save.isError && !serverFieldErrors(save.error) ? (
        <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert>
      ) : null}
      <div className={styles.grid}>
        <TextField
          label={t('admin:teams.name')}
          value={draft.name}
          onChange={set('name')}
          error={err('name')}
          maxLength={120}
        />
        <TextField
          label={t('admin:teams.shortName')}
          value={draft.short_name}
          onChange={set('short_name')}
          error={err('short_name')}
          maxLength={40}
        />
        <TextField
          label={t('admin:teams.color')}
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(draft.color) ? draft.color : '#000000'}
          onChange={set('color')}
          error={err('color')}
        />
        <SelectField
          label={t('admin:teams.gender')}
          value={draft.gender}
          onChange={set('gender')}
          error={err('gender')}
        >
          <option value="">{t('admin:games.none')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`admin:teams.genders.${g === 'not identified' ? 'none' : g}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin:teams.sport')}
          value={draft.sport}
          onChange={set('sport')}
          error={err('sport')}
          maxLength={60}
        />
        <TextField
          label={t('admin:teams.division')}
          value={draft.division}
          onChange={set('division')}
          error={err('division')}
          maxLength={60}
        />
        <TextField
          label={t('admin:teams.league')}
          value={draft.league}
          onChange={set('league')}
          error={err('league')}
          maxLength={60}
        />
      </div>
      <div className={styles.actions}>
        <SubmitButton
          isPending={save.isPending}
          pendingLabel={t('admin:common.saving')}
          wide={false}
        >
          {t('admin:common.save')}
        </SubmitButton>
        <Button type="button" variant="secondary" onClick={() => onDone(false)}>
          {t('admin:common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The channel's teams: each editable; one that plays in no game can be deleted. */
export function TeamsScreen() {
  const { t } = useT();
  const client = useQueryClient();
  const teams = useTeams();
  const [editing, setEditing] = useState<AdminTeam | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (team: AdminTeam) => deleteTeam(team.id),
    onSuccess: async () => {
      setNotice(t('admin:teams.deleted'));
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  if (teams.isError)
    return <LoadError what={t('admin:teams.loadError')} onRetry={() => void teams.refetch()} />;
  if (!teams.data) return <Skeleton height={320} radius="var(--radius-m)" />;
  if (editing)
    return (
      <TeamForm
        team={editing === 'new' ? null : editing}
        onDone={(saved) => {
          setEditing(null);
          setNotice(saved ? t('admin:teams.saved') : null);
        }}
      />
    );

  return (
    <section className={styles.screen} aria-labelledby="teams-title">
      <div className={styles.head}>
        <h1 id="teams-title">{t('admin:teams.title')}</h1>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          {t('admin:teams.new')}
        </Button>
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {remove.isError ? (
        <FormAlert tone="error">
          {isApiError(remove.error) && remove.error.code === 'in_use'
            ? t('admin:teams.inUse')
            : apiErrorText(t, remove.error)}
        </FormAlert>
      ) : null}
      <ul className={styles.list}>
        {teams.data.map((team) => (
          <li key={team.id} className={styles.row}>
            <span className={styles.swatch} style={{ background: team.color }} aria-hidden="true" />
            <div className={styles.rowMain}>
              <strong>{team.name}</strong>
              <span className={styles.muted}>
                {[team.short_name, team.league, t('admin:teams.games', { count: team.games })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <div className={styles.rowActions}>
              <Button
                size="s"
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  setEditing(team);
                }}
              >
                {t('admin:common.edit')}
              </Button>
              <Button
                size="s"
                variant="secondary"
                disabled={team.games > 0 || remove.isPending}
                title={team.games > 0 ? t('admin:teams.inUse') : undefined}
                onClick={() => {
                  if (window.confirm(t('admin:teams.confirmDelete'))) remove.mutate(team);
                }}
              >
                {t('admin:common.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
