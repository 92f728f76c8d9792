import {
  AdminGameInputSchema,
  isForSale,
  type AccessType,
  type AdminGame,
  type AdminGameInput,
  type AdminGameOptions,
  type AdminSeriesInput,
} from '@rudy/contracts';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { saveGame } from '../api/games';
import { amountToCents, centsToAmount } from '../../shared/lib/admin-messages';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { TimeZoneField } from '../../shared/components/time-zone-field';
import { GameTermsFields, type GameFieldsProps } from './game-terms-fields';
import { extrasDraftOf, extrasInputOf, GameExtrasFields } from './game-extras-fields';

type Draft = Record<keyof AdminGameInput, string>;

/** The fields a game and a series of games share: a series is them and its days. */
type SharedKey = Exclude<
  keyof AdminSeriesInput,
  'weekdays' | 'start_time' | 'first_date' | 'last_date'
>;

/** The shared fields as the form's text: the game's or series' values, or a new one's defaults. */
export function sharedDraftOf(
  x: Pick<AdminGame, SharedKey> | null,
  o: AdminGameOptions,
): Record<SharedKey, string> {
  return {
    name_en: x?.name_en ?? '',
    name_fr: x?.name_fr ?? '',
    time_zone: x?.time_zone ?? o.time_zone,
    duration_minutes: String(x?.duration_minutes ?? 150),
    home_team_id: String(x?.home_team_id ?? ''),
    away_team_id: String(x?.away_team_id ?? ''),
    event_category_id: String(x?.event_category_id ?? ''),
    location_id: String(x?.location_id ?? ''),
    access_type: x?.access_type ?? 'free',
    price_cents: centsToAmount(x?.price_cents ?? null),
  };
}

const idOrNull = (v: string) => (v === '' ? null : Number(v));

/** The shared fields' text as the contract's input: the same schema the server checks. */
export function sharedInputOf(d: Record<SharedKey, string>) {
  return {
    name_en: d.name_en,
    name_fr: d.name_fr,
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

const draftOf = (game: AdminGame | null, o: AdminGameOptions): Draft => ({
  ...sharedDraftOf(game, o),
  starts_at: game?.starts_at ?? '',
  ...extrasDraftOf(game),
});

/** The channel's zone and its rinks' zones: the likely choices, listed first. */
export const zonesOf = (o: AdminGameOptions) => [
  o.time_zone,
  ...o.locations.map((l) => l.time_zone),
];

/**
 * A team chosen: the name follows the two teams ('away @ home' in short names) while it is empty
 * or still the one filled in; a name the operator typed is kept, and is what viewers see.
 */
export function withTeam<D extends Pick<Draft, 'home_team_id' | 'away_team_id' | 'name_en'>>(
  d: D,
  side: 'home_team_id' | 'away_team_id',
  value: string,
  o: AdminGameOptions,
): D {
  const short = (id: string) => o.teams.find((x) => String(x.id) === id)?.short_name;
  const filled = (x: D) => {
    const away = short(x.away_team_id);
    const home = short(x.home_team_id);
    return away && home ? `${away} @ ${home}` : '';
  };
  const next = { ...d, [side]: value };
  const wasFilled = d.name_en.trim() === '' || d.name_en === filled(d);
  return wasFilled ? { ...next, name_en: filled(next) || d.name_en } : next;
}

type TeamsKey = 'away_team_id' | 'home_team_id' | 'name_en' | 'name_fr';
const TEAM_SIDES = [
  ['away_team_id', 'admin:games.away'],
  ['home_team_id', 'admin:games.home'],
] as const;

/** The two teams and the game's name in both languages; the name follows the teams (withTeam). */
export function GameTeamsFields<
  D extends Pick<Draft, 'home_team_id' | 'away_team_id' | 'name_en'>,
>({ field, setDraft, options }: GameFieldsProps<TeamsKey, D>) {
  const { t } = useT();
  const teamOptions = options.teams.map((team) => (
    <option key={team.id} value={team.id}>
      {team.name}
    </option>
  ));
  return (
    <>
      {TEAM_SIDES.map(([side, label]) => (
        <SelectField
          key={side}
          label={t(label)}
          {...field(side)}
          onChange={(e) => {
            // Read now: the updater runs later, after React may have reset the control.
            const value = e.target.value;
            setDraft((d) => withTeam(d, side, value, options));
          }}
        >
          <option value="">{t('admin:games.chooseTeam')}</option>
          {teamOptions}
        </SelectField>
      ))}
      <TextField
        label={t('admin:games.nameEn')}
        hint={t('admin:games.nameHint')}
        {...field('name_en')}
        maxLength={160}
      />
      <TextField label={t('admin:games.nameFr')} {...field('name_fr')} maxLength={160} />
    </>
  );
}

const inputOf = (d: Draft): AdminGameInput => ({
  ...sharedInputOf(d),
  starts_at: d.starts_at,
  ...extrasInputOf(d),
});

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
  const form = useAdminForm({
    initial: () => draftOf(game, options),
    toInput: inputOf,
    schema: AdminGameInputSchema,
    save: (input) => saveGame(game?.id ?? null, input),
    onSaved: onDone,
  });
  const { draft, setDraft, field, error } = form;

  return (
    <AdminForm
      form={form}
      title={game ? t('admin:games.edit') : t('admin:games.new')}
      label={t('admin:games.formLabel')}
      onCancel={() => onDone(null)}
    >
      <GameTeamsFields field={field} setDraft={setDraft} options={options} />
      <TextField label={t('admin:games.startsAt')} type="datetime-local" {...field('starts_at')} />
      <TimeZoneField
        label={t('admin:games.timeZone')}
        hint={t('admin:games.timeZoneHint')}
        {...field('time_zone')}
        suggested={zonesOf(options)}
      />
      <GameTermsFields field={field} setDraft={setDraft} options={options} />
      <GameExtrasFields draft={draft} setDraft={setDraft} error={error} options={options} />
    </AdminForm>
  );
}
