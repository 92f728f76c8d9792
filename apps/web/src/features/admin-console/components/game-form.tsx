import {
  AdminGameInputSchema,
  isForSale,
  type AccessType,
  type AdminGame,
  type AdminGameInput,
  type AdminGameOptions,
} from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { saveGame } from '../api/games';
import { adminFieldMessage, amountToCents, centsToAmount } from '../lib/admin-messages';
import { fieldErrors, serverFieldErrors } from '../lib/contract-errors';
import styles from './console.module.css';

const ACCESS: AccessType[] = ['free', 'register', 'paid', 'ppv'];

type Draft = Record<keyof AdminGameInput, string>;

function draftOf(game: AdminGame | null, o: AdminGameOptions): Draft {
  return {
    name_en: game?.name_en ?? '',
    name_fr: game?.name_fr ?? '',
    starts_at: game?.starts_at ?? '',
    time_zone: game?.time_zone ?? o.time_zone,
    duration_minutes: String(game?.duration_minutes ?? 150),
    home_team_id: String(game?.home_team_id ?? ''),
    away_team_id: String(game?.away_team_id ?? ''),
    event_category_id: String(game?.event_category_id ?? ''),
    location_id: String(game?.location_id ?? ''),
    access_type: game?.access_type ?? 'free',
    price_cents: centsToAmount(game?.price_cents ?? null),
  };
}

const idOrNull = (v: string) => (v === '' ? null : Number(v));

/** The form's text as the contract's input: the same schema the server checks. */
function inputOf(d: Draft): AdminGameInput {
  return {
    name_en: d.name_en,
    name_fr: d.name_fr,
    starts_at: d.starts_at,
    time_zone: d.time_zone,
    duration_minutes: Number(d.duration_minutes),
    home_team_id: Number(d.home_team_id),
    away_team_id: Number(d.away_team_id),
    event_category_id: idOrNull(d.event_category_id),
    location_id: idOrNull(d.location_id),
    access_type: d.access_type as AccessType,
    price_cents: isForSale(d.access_type as AccessType) ? amountToCents(d.price_cents) : null,
  };
}

/** Schedules or edits a game: teams, start in its own time zone, access type and price. */
export function GameForm({
  game,
  options,
  onDone,
}: {
  game: AdminGame | null;
  options: AdminGameOptions;
  onDone: (saved: AdminGame | null) => void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(game, options));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: AdminGameInput) => saveGame(game?.id ?? null, input),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: ['admin', 'games'] });
      await client.invalidateQueries({ queryKey: ['admin', 'teams'] });
      onDone(saved);
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });

  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const err = (field: string) => adminFieldMessage(t, errors[field]);
  const forSale = isForSale(draft.access_type as AccessType);

  function submit(e: SyntheticEvent) {
    e.preventDefault();
    const input = inputOf(draft);
    const checked = AdminGameInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    save.mutate(input);
  }

  const teamOptions = options.teams.map((team) => (
    <option key={team.id} value={team.id}>
      {team.name}
    </option>
  ));

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('admin:games.formLabel')}
    >
      <h2 className={styles.formTitle}>{game ? t('admin:games.edit') : t('admin:games.new')}</h2>
      {save.isError && !serverFieldErrors(save.error) ? (
        <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert>
      ) : null}
      <div className={styles.grid}>
        <SelectField
          label={t('admin:games.away')}
          value={draft.away_team_id}
          onChange={set('away_team_id')}
          error={err('away_team_id')}
        >
          <option value="">{t('admin:games.chooseTeam')}</option>
          {teamOptions}
        </SelectField>
        <SelectField
          label={t('admin:games.home')}
          value={draft.home_team_id}
          onChange={set('home_team_id')}
          error={err('home_team_id')}
        >
          <option value="">{t('admin:games.chooseTeam')}</option>
          {teamOptions}
        </SelectField>
        <TextField
          label={t('admin:games.nameEn')}
          value={draft.name_en}
          onChange={set('name_en')}
          error={err('name_en')}
          maxLength={160}
        />
        <TextField
          label={t('admin:games.nameFr')}
          value={draft.name_fr}
          onChange={set('name_fr')}
          error={err('name_fr')}
          maxLength={160}
        />
        <TextField
          label={t('admin:games.startsAt')}
          type="datetime-local"
          value={draft.starts_at}
          onChange={set('starts_at')}
          error={err('starts_at')}
        />
        <TextField
          label={t('admin:games.timeZone')}
          value={draft.time_zone}
          onChange={set('time_zone')}
          error={err('time_zone')}
          hint={t('admin:games.timeZoneHint')}
          list="admin-time-zones"
        />
        <TextField
          label={t('admin:games.duration')}
          type="number"
          inputMode="numeric"
          min={15}
          max={1440}
          value={draft.duration_minutes}
          onChange={set('duration_minutes')}
          error={err('duration_minutes')}
        />
        <SelectField
          label={t('admin:games.sport')}
          value={draft.event_category_id}
          onChange={set('event_category_id')}
          error={err('event_category_id')}
        >
          <option value="">{t('admin:games.none')}</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin:games.rink')}
          value={draft.location_id}
          onChange={(e) => {
            const rink = options.locations.find((l) => String(l.id) === e.target.value);
            // A rink brings its own time zone: the usual case for a game played there.
            setDraft((d) => ({
              ...d,
              location_id: e.target.value,
              time_zone: rink?.time_zone ?? d.time_zone,
            }));
          }}
          error={err('location_id')}
        >
          <option value="">{t('admin:games.none')}</option>
          {options.locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin:games.access')}
          value={draft.access_type}
          onChange={set('access_type')}
          error={err('access_type')}
        >
          {ACCESS.map((a) => (
            <option key={a} value={a}>
              {t(`admin:games.accessTypes.${a}`)}
            </option>
          ))}
        </SelectField>
        {forSale ? (
          <TextField
            label={t('admin:games.price', { currency: options.currency })}
            inputMode="decimal"
            value={draft.price_cents}
            onChange={set('price_cents')}
            error={err('price_cents')}
            placeholder="12.99"
          />
        ) : null}
      </div>
      <datalist id="admin-time-zones">
        {[...new Set([options.time_zone, ...options.locations.map((l) => l.time_zone)])].map(
          (z) => (
            <option key={z} value={z} />
          ),
        )}
      </datalist>
      <div className={styles.actions}>
        <SubmitButton
          isPending={save.isPending}
          pendingLabel={t('admin:common.saving')}
          wide={false}
        >
          {t('admin:common.save')}
        </SubmitButton>
        <Button type="button" variant="secondary" onClick={() => onDone(null)}>
          {t('admin:common.cancel')}
        </Button>
      </div>
    </form>
  );
}
