import {
  AdminSeriesInputSchema,
  seriesDays,
  WEEKDAYS,
  type AdminGameOptions,
  type AdminSeries,
  type AdminSeriesInput,
  type AdminSeriesResult,
} from '@rudy/contracts';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { saveSeries } from '../api/series';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { TimeZoneField } from '../../shared/components/time-zone-field';
import { GameTermsFields } from './game-terms-fields';
import { GameTeamsFields, sharedDraftOf, sharedInputOf, zonesOf } from './game-form';
import styles from '../../shared/components/console.module.css';

type Draft = Record<keyof AdminSeriesInput | 'include_detached', string>;

const draftOf = (s: AdminSeries | null, o: AdminGameOptions): Draft => ({
  ...sharedDraftOf(s, o),
  weekdays: (s?.weekdays ?? [5]).join(','),
  start_time: s?.start_time ?? '19:00',
  first_date: s?.first_date ?? '',
  last_date: s?.last_date ?? '',
  include_detached: 'false',
});

const daysOf = (v: string) => (v === '' ? [] : v.split(',').map(Number));

const inputOf = (d: Draft): AdminSeriesInput & { include_detached: boolean } => ({
  ...sharedInputOf(d),
  weekdays: daysOf(d.weekdays),
  start_time: d.start_time,
  first_date: d.first_date,
  last_date: d.last_date,
  include_detached: d.include_detached === 'true',
});

/** Weekday names in the admin's language, Sunday first (as the contract counts them). */
function weekdayNames(locale: string) {
  const f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return WEEKDAYS.map((d) => f.format(new Date(Date.UTC(2023, 0, 1 + d))));
}

/** A series: two teams, the days of the week, a time, from a first to a last day. */
export function SeriesForm({
  series,
  options,
  onDone,
}: {
  series: AdminSeries | null;
  options: AdminGameOptions;
  onDone: (saved: AdminSeriesResult | null) => void;
}) {
  const { t, i18n } = useT();
  const form = useAdminForm({
    initial: () => draftOf(series, options),
    toInput: inputOf,
    schema: AdminSeriesInputSchema,
    save: ({ include_detached, ...input }) =>
      saveSeries(series?.id ?? null, series ? { ...input, include_detached } : input),
    onSaved: onDone,
  });
  const { draft, setDraft, field, error } = form;
  const days = daysOf(draft.weekdays);
  const dates = seriesDays(draft.first_date, draft.last_date, days);
  const names = weekdayNames(i18n.language);
  const toggleDay = (d: number, on: boolean) =>
    setDraft((x) => {
      const next = new Set(daysOf(x.weekdays));
      if (on) next.add(d);
      else next.delete(d);
      return { ...x, weekdays: [...next].sort().join(',') };
    });

  return (
    <AdminForm
      form={form}
      title={series ? t('admin:series.edit') : t('admin:series.new')}
      label={t('admin:series.formLabel')}
      onCancel={() => onDone(null)}
      after={
        <p className={styles.muted} aria-live="polite" data-testid="series-count">
          {dates.length > 0
            ? t('admin:series.count', { count: Math.min(dates.length, 100) })
            : t('admin:series.countNone')}
        </p>
      }
    >
      <GameTeamsFields field={field} setDraft={setDraft} options={options} />
      <fieldset className={styles.weekdays} aria-describedby="series-weekdays-error">
        <legend>{t('admin:series.weekdays')}</legend>
        {WEEKDAYS.map((d) => (
          <CheckboxField
            key={d}
            label={names[d]}
            checked={days.includes(d)}
            onChange={(e) => toggleDay(d, e.target.checked)}
          />
        ))}
        {error('weekdays') ? (
          <p id="series-weekdays-error" className={styles.error}>
            {error('weekdays')}
          </p>
        ) : null}
      </fieldset>
      <TextField label={t('admin:series.startTime')} type="time" {...field('start_time')} />
      <TextField label={t('admin:series.firstDate')} type="date" {...field('first_date')} />
      <TextField label={t('admin:series.lastDate')} type="date" {...field('last_date')} />
      <TimeZoneField
        label={t('admin:games.timeZone')}
        hint={t('admin:series.timeZoneHint')}
        {...field('time_zone')}
        suggested={zonesOf(options)}
      />
      <GameTermsFields field={field} setDraft={setDraft} options={options} />
      {series && series.detached > 0 ? (
        <CheckboxField
          label={t('admin:series.includeDetached', { count: series.detached })}
          checked={draft.include_detached === 'true'}
          onChange={(e) => setDraft((d) => ({ ...d, include_detached: String(e.target.checked) }))}
        />
      ) : null}
    </AdminForm>
  );
}
