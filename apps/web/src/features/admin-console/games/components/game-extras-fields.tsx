import {
  ADMIN_MAX_GEO_COUNTRIES,
  GEO_RULES,
  type AdminGame,
  type AdminGameInput,
  type AdminGameOptions,
  type GeoRule,
  type PrerollMode,
} from '@rudy/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';

/** The game form's geo rule and pre-roll choice as the admin types them. */
export interface ExtrasDraft {
  geo_rule: string;
  geo_countries: string;
  preroll_mode: string;
  preroll_id: string;
}

export const extrasDraftOf = (game: AdminGame | null): ExtrasDraft => ({
  geo_rule: game?.geo_rule ?? 'everywhere',
  geo_countries: game?.geo_countries.join(', ') ?? '',
  preroll_mode: game?.preroll_mode ?? 'auto',
  preroll_id: String(game?.preroll_id ?? ''),
});

/** 'ca, US;fr' as ['ca', 'US', 'fr']: the contract upper-cases and checks each code. */
export function extrasInputOf(
  d: ExtrasDraft,
): Pick<AdminGameInput, 'geo_rule' | 'geo_countries' | 'preroll_mode' | 'preroll_id'> {
  const rule = d.geo_rule as GeoRule;
  return {
    geo_rule: rule,
    geo_countries:
      rule === 'everywhere' ? [] : d.geo_countries.split(/[\s,;]+/).filter((c) => c !== ''),
    preroll_mode: d.preroll_mode as PrerollMode,
    preroll_id: d.preroll_mode === 'chosen' && d.preroll_id !== '' ? Number(d.preroll_id) : null,
  };
}

/** A pre-roll's name for the admin: its file's name (the console has no other). */
const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? url);

/**
 * Where the game may be watched (everywhere, only in, or everywhere but some countries) and which
 * pre-roll runs before it (the channel's weighted choice, none, or one).
 */
export function GameExtrasFields<D extends ExtrasDraft>({
  draft,
  setDraft,
  error,
  options,
}: {
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  error: (field: string) => string | undefined;
  options: AdminGameOptions;
}) {
  const { t } = useT();
  // A refused code names its place in the list (geo_countries.2): shown under the one field.
  const countriesError =
    error('geo_countries') ??
    Array.from({ length: ADMIN_MAX_GEO_COUNTRIES + 1 }, (_, i) => error(`geo_countries.${i}`)).find(
      Boolean,
    );
  const prerollValue = draft.preroll_mode === 'chosen' ? draft.preroll_id : draft.preroll_mode;

  return (
    <>
      <SelectField
        label={t('admin:games.geo')}
        value={draft.geo_rule}
        error={error('geo_rule')}
        onChange={(e) => setDraft((d) => ({ ...d, geo_rule: e.target.value }))}
      >
        {GEO_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {t(`admin:games.geoRules.${rule}`)}
          </option>
        ))}
      </SelectField>
      {draft.geo_rule === 'everywhere' ? null : (
        <TextField
          label={t('admin:games.geoCountries')}
          value={draft.geo_countries}
          error={countriesError}
          hint={t('admin:games.geoCountriesHint')}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setDraft((d) => ({ ...d, geo_countries: e.target.value }))}
        />
      )}
      <SelectField
        label={t('admin:games.preroll')}
        value={prerollValue}
        error={error('preroll_id') ?? error('preroll_mode')}
        onChange={(e) => {
          const v = e.target.value;
          const mode = v === 'auto' || v === 'none' ? v : 'chosen';
          setDraft((d) => ({ ...d, preroll_mode: mode, preroll_id: mode === 'chosen' ? v : '' }));
        }}
      >
        <option value="auto">{t('admin:games.prerollModes.auto')}</option>
        <option value="none">{t('admin:games.prerollModes.none')}</option>
        {options.prerolls.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {t('admin:games.prerollOption', { name: fileName(p.url), weight: p.weight })}
          </option>
        ))}
      </SelectField>
    </>
  );
}
