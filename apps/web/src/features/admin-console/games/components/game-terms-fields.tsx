import { isForSale, type AccessType, type AdminGameOptions } from '@rudy/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';

const ACCESS: AccessType[] = ['free', 'register', 'paid', 'ppv'];

type TermsKey =
  | 'duration_minutes'
  | 'event_category_id'
  | 'location_id'
  | 'access_type'
  | 'price_cents'
  | 'time_zone';
type TermsDraft = Record<TermsKey, string>;

/** What a group of a game form's fields gets: its fields by name, the draft's setter, the choices. */
export type GameFieldsProps<K extends string, D> = {
  field: (name: K) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    error: string | undefined;
  };
  setDraft: Dispatch<SetStateAction<D>>;
  options: AdminGameOptions;
};

/**
 * What a game and a series of games share below their time: length, sport, rink (which brings its
 * own time zone), access and price (only for games that are sold).
 */
export function GameTermsFields<D extends TermsDraft>({
  field,
  setDraft,
  options,
}: GameFieldsProps<TermsKey, D>) {
  const { t } = useT();
  const forSale = isForSale(field('access_type').value as AccessType);
  return (
    <>
      <TextField
        label={t('admin:games.duration')}
        type="number"
        inputMode="numeric"
        min={15}
        max={1440}
        {...field('duration_minutes')}
      />
      <SelectField label={t('admin:games.sport')} {...field('event_category_id')}>
        <option value="">{t('admin:games.none')}</option>
        {options.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin:games.rink')}
        {...field('location_id')}
        onChange={(e) => {
          const rink = options.locations.find((l) => String(l.id) === e.target.value);
          // A rink brings its own time zone: the usual case for a game played there.
          setDraft((d) => ({
            ...d,
            location_id: e.target.value,
            time_zone: rink?.time_zone ?? d.time_zone,
          }));
        }}
      >
        <option value="">{t('admin:games.none')}</option>
        {options.locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('admin:games.access')} {...field('access_type')}>
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
          {...field('price_cents')}
          placeholder="12.99"
        />
      ) : null}
    </>
  );
}
