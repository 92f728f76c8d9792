import {
  AdminRinkInputSchema,
  AdminSchoolInputSchema,
  AdminSportInputSchema,
  type AdminRink,
  type AdminSchool,
  type AdminSport,
} from '@rudy/contracts';
import { useState } from 'react';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import {
  deleteReferenceItem,
  saveRink,
  saveSchool,
  saveSport,
  useReferenceData,
} from '../api/reference-data';
import { AdminForm, useAdminForm } from '../../shared/components/admin-form';
import { AdminList, useEditing } from '../../shared/components/admin-list';
import styles from '../../shared/components/console.module.css';
import { TimeZoneField } from '../../shared/components/time-zone-field';

type Kind = 'sports' | 'rinks' | 'schools';
const KINDS: readonly Kind[] = ['sports', 'rinks', 'schools'];

type Done = (saved: boolean) => void;

function SportForm({ sport, onDone }: { sport: AdminSport | null; onDone: Done }) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => ({
      name_en: sport?.name_en ?? '',
      name_fr: sport?.name_fr ?? '',
      position: String(sport?.position ?? 0),
    }),
    toInput: (d) => ({
      ...d,
      position: d.position.trim() === '' ? Number.NaN : Number(d.position),
    }),
    schema: AdminSportInputSchema,
    save: (input) => saveSport(sport?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  return (
    <AdminForm
      form={form}
      title={sport ? t('admin:referenceData.sports.edit') : t('admin:referenceData.sports.new')}
      label={t('admin:referenceData.sports.formLabel')}
      onCancel={() => onDone(false)}
    >
      <TextField
        label={t('admin:referenceData.nameEn')}
        {...form.field('name_en')}
        maxLength={80}
      />
      <TextField
        label={t('admin:referenceData.nameFr')}
        {...form.field('name_fr')}
        maxLength={80}
      />
      <TextField
        label={t('admin:referenceData.position')}
        hint={t('admin:referenceData.positionHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        {...form.field('position')}
      />
    </AdminForm>
  );
}

function RinkForm({ rink, zone, onDone }: { rink: AdminRink | null; zone: string; onDone: Done }) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => ({
      name: rink?.name ?? '',
      address: rink?.address ?? '',
      city: rink?.city ?? '',
      time_zone: rink?.time_zone ?? zone,
    }),
    toInput: (d) => d,
    schema: AdminRinkInputSchema,
    save: (input) => saveRink(rink?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  return (
    <AdminForm
      form={form}
      title={rink ? t('admin:referenceData.rinks.edit') : t('admin:referenceData.rinks.new')}
      label={t('admin:referenceData.rinks.formLabel')}
      onCancel={() => onDone(false)}
    >
      <TextField label={t('admin:referenceData.name')} {...form.field('name')} maxLength={120} />
      <TextField
        label={t('admin:referenceData.address')}
        {...form.field('address')}
        maxLength={200}
      />
      <TextField label={t('admin:referenceData.city')} {...form.field('city')} maxLength={80} />
      <TimeZoneField
        label={t('admin:games.timeZone')}
        {...form.field('time_zone')}
        suggested={[zone]}
      />
    </AdminForm>
  );
}

function SchoolForm({ school, onDone }: { school: AdminSchool | null; onDone: Done }) {
  const { t } = useT();
  const form = useAdminForm({
    initial: () => ({ name: school?.name ?? '' }),
    toInput: (d) => d,
    schema: AdminSchoolInputSchema,
    save: (input) => saveSchool(school?.id ?? null, input),
    onSaved: () => onDone(true),
  });
  return (
    <AdminForm
      form={form}
      title={school ? t('admin:referenceData.schools.edit') : t('admin:referenceData.schools.new')}
      label={t('admin:referenceData.schools.formLabel')}
      onCancel={() => onDone(false)}
    >
      <TextField label={t('admin:referenceData.name')} {...form.field('name')} maxLength={120} />
    </AdminForm>
  );
}

/** What games and teams are filed under: sports, rinks (with their time zone) and schools. */
export function ReferenceDataScreen({ timeZone }: { timeZone: string }) {
  const { t } = useT();
  const referenceData = useReferenceData();
  const [kind, setKind] = useState<Kind>('sports');
  const sports = useEditing<AdminSport>();
  const rinks = useEditing<AdminRink>();
  const schools = useEditing<AdminSchool>();

  if (referenceData.isError)
    return (
      <LoadError
        what={t('admin:referenceData.loadError')}
        onRetry={() => void referenceData.refetch()}
      />
    );
  if (!referenceData.data) return <Skeleton height={320} radius="var(--radius-m)" />;

  const saved = (k: Kind) => (ok: boolean) => {
    const editing = { sports, rinks, schools }[k];
    editing.done(ok ? t(`admin:referenceData.${k}.saved`) : null);
  };
  if (sports.editing)
    return (
      <SportForm
        sport={sports.editing === 'new' ? null : sports.editing}
        onDone={saved('sports')}
      />
    );
  if (rinks.editing)
    return (
      <RinkForm
        rink={rinks.editing === 'new' ? null : rinks.editing}
        zone={timeZone}
        onDone={saved('rinks')}
      />
    );
  if (schools.editing)
    return (
      <SchoolForm
        school={schools.editing === 'new' ? null : schools.editing}
        onDone={saved('schools')}
      />
    );

  const texts = (k: Kind) => ({
    inUse: t(`admin:referenceData.${k}.inUse`),
    confirmDelete: t(`admin:referenceData.${k}.confirmDelete`),
    deleted: t(`admin:referenceData.${k}.deleted`),
  });
  const common = (k: Kind) => ({
    id: 'reference-data-title',
    title: t(`admin:referenceData.${k}.title`),
    newLabel: t(`admin:referenceData.${k}.new`),
    texts: texts(k),
    empty: t('admin:referenceData.empty'),
    inUse: (item: { uses: number }) => item.uses > 0,
    remove: (item: { id: number }) => deleteReferenceItem(k, item.id),
    toolbar: (
      <div className={styles.tabs} role="group" aria-label={t('admin:referenceData.label')}>
        {KINDS.map((x) => (
          <button
            key={x}
            type="button"
            className={styles.tab}
            aria-pressed={kind === x}
            onClick={() => setKind(x)}
          >
            {t(`admin:referenceData.${x}.title`)}
          </button>
        ))}
      </div>
    ),
  });
  const uses = (n: number) => t('admin:referenceData.uses', { count: n });

  if (kind === 'sports')
    return (
      <AdminList
        {...common('sports')}
        editing={sports}
        items={referenceData.data.sports}
        row={(s) => (
          <div className={styles.rowMain}>
            <strong>{s.name_fr ? `${s.name_en} / ${s.name_fr}` : s.name_en}</strong>
            <span className={styles.muted}>
              {[`#${s.position}`, s.alias, uses(s.uses)].join(' · ')}
            </span>
          </div>
        )}
      />
    );
  if (kind === 'rinks')
    return (
      <AdminList
        {...common('rinks')}
        editing={rinks}
        items={referenceData.data.rinks}
        row={(r) => (
          <div className={styles.rowMain}>
            <strong>{r.name}</strong>
            <span className={styles.muted}>
              {[r.address, r.city, r.time_zone, uses(r.uses)].filter(Boolean).join(' · ')}
            </span>
          </div>
        )}
      />
    );
  return (
    <AdminList
      {...common('schools')}
      editing={schools}
      items={referenceData.data.schools}
      row={(s) => (
        <div className={styles.rowMain}>
          <strong>{s.name}</strong>
          <span className={styles.muted}>{[s.alias, uses(s.uses)].join(' · ')}</span>
        </div>
      )}
    />
  );
}
