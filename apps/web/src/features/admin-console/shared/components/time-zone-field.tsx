import { useMemo } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { useT } from '../../../../lib/i18n';

/**
 * The zones a channel, rink or game can be in: the browser's own IANA list (every engine the
 * console supports has Intl.supportedValuesOf), with UTC and the current value kept even if the
 * list lacks them (an older name such as America/Montreal stays selectable where it is stored).
 */
export function timeZoneChoices(current: string, suggested: readonly string[] = []): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rest = [...new Set([...all, 'UTC', current].filter(Boolean))].sort();
  const first = [...new Set(suggested.filter(Boolean))];
  return [...first, ...rest.filter((z) => !first.includes(z))];
}

/** A time zone chosen from a list, the likely ones (channel's, rinks') first. */
export function TimeZoneField({
  label,
  hint,
  value,
  onChange,
  error,
  suggested,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string | undefined;
  suggested?: readonly string[];
}) {
  const { t } = useT();
  const zones = useMemo(() => timeZoneChoices(value, suggested), [value, suggested]);
  const likely = zones.slice(0, new Set(suggested?.filter(Boolean)).size);
  const others = zones.slice(likely.length);
  return (
    <SelectField label={label} hint={hint} value={value} onChange={onChange} error={error}>
      {value === '' ? <option value="">{t('admin:timeZones.choose')}</option> : null}
      {likely.length > 0 ? (
        <optgroup label={t('admin:timeZones.likely')}>
          {likely.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label={t('admin:timeZones.all')}>
        {others.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </optgroup>
    </SelectField>
  );
}
