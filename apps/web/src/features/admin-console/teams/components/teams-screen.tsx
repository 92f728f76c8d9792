import { AdminTeamInputSchema, type AdminTeam, type AdminTeamInput } from '@rudy/contracts';
import { SelectField } from '../../../../components/ui/select-field';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { deleteTeam, saveTeam, useTeams } from '../api/teams';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';

const GENDERS = ['men', 'women', 'not identified'] as const;

function TeamForm({ team, onDone }: { team: AdminTeam | null; onDone: (saved: boolean) => void }) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => ({
      name: team?.name ?? '',
      short_name: team?.short_name ?? '',
      color: team?.color ?? '#2D7DD2',
      gender: team?.gender ?? '',
      sport: team?.sport ?? '',
      division: team?.division ?? '',
      league: team?.league ?? '',
    }),
    toInput: (draft): AdminTeamInput => ({
      ...draft,
      gender: draft.gender === '' ? null : (draft.gender as AdminTeamInput['gender']),
      participant_group_id: team?.participant_group_id ?? null,
    }),
    schema: AdminTeamInputSchema,
    save: (input) => saveTeam(team?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  const colour = form.field('color');

  return (
    <AdminForm
      form={form}
      title={team ? t('admin:teams.edit') : t('admin:teams.new')}
      label={t('admin:teams.formLabel')}
      onCancel={() => onDone(false)}
    >
      <TextField label={t('admin:teams.name')} {...form.field('name')} maxLength={120} />
      <TextField label={t('admin:teams.shortName')} {...form.field('short_name')} maxLength={40} />
      <TextField
        label={t('admin:teams.color')}
        type="color"
        {...colour}
        value={/^#[0-9a-f]{6}$/i.test(colour.value) ? colour.value : '#000000'}
      />
      <SelectField label={t('admin:teams.gender')} {...form.field('gender')}>
        <option value="">{t('admin:games.none')}</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {t(`admin:teams.genders.${g === 'not identified' ? 'none' : g}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('admin:teams.sport')} {...form.field('sport')} maxLength={60} />
      <TextField label={t('admin:teams.division')} {...form.field('division')} maxLength={60} />
      <TextField label={t('admin:teams.league')} {...form.field('league')} maxLength={60} />
    </AdminForm>
  );
}

/** The channel's teams: each editable; one that plays in no game can be deleted. */
export function TeamsScreen() {
  const { t } = useT();
  const teams = useTeams();
  const editing = useEditing<AdminTeam>();

  if (teams.isError)
    return <LoadError what={t('admin:teams.loadError')} onRetry={() => void teams.refetch()} />;
  if (!teams.data) return <Skeleton height={320} radius="var(--radius-m)" />;
  if (editing.editing)
    return (
      <TeamForm
        team={editing.editing === 'new' ? null : editing.editing}
        onDone={(saved) => editing.done(saved ? t('admin:teams.saved') : null)}
      />
    );

  return (
    <AdminList
      id="teams-title"
      title={t('admin:teams.title')}
      newLabel={t('admin:teams.new')}
      editing={editing}
      items={teams.data}
      inUse={(team) => team.games > 0}
      texts={{
        inUse: t('admin:teams.inUse'),
        confirmDelete: t('admin:teams.confirmDelete'),
        deleted: t('admin:teams.deleted'),
      }}
      remove={(team) => deleteTeam(team.id)}
      row={(team) => (
        <>
          <span className={styles.swatch} style={{ background: team.color }} aria-hidden="true" />
          <div className={styles.rowMain}>
            <strong>{team.name}</strong>
            <span className={styles.muted}>
              {[team.short_name, team.league, t('admin:teams.games', { count: team.games })]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
        </>
      )}
    />
  );
}
