import type { AdminSeries, AdminSeriesResult } from '@rudy/contracts';
import { ButtonLink } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { useGameOptions } from '../api/game-options';
import { cancelSeries, useSeries, useSeriesList } from '../api/series';
import { useRoutedEditing, useRoutedId } from '../hooks/use-routed-editing';
import { AdminList } from '../../shared/components/admin-list';
import { SeriesForm } from './series-form';
import styles from '../../shared/components/console.module.css';

const BASE = '/admin/games/series';

/** What a change did to the series' games, in a sentence. */
function resultText(t: ReturnType<typeof useT>['t'], r: AdminSeriesResult) {
  return [
    t('admin:series.saved', { name: r.series?.name_en ?? '' }),
    r.created ? t('admin:series.created', { count: r.created }) : '',
    r.updated ? t('admin:series.updated', { count: r.updated }) : '',
    r.deleted ? t('admin:series.deleted', { count: r.deleted }) : '',
    r.kept ? t('admin:series.kept', { count: r.kept }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Series of recurring games: each made, changed or cancelled as a whole (its games follow); one
 * game is changed or cancelled from the games list. The address holds the series being edited.
 */
export function SeriesScreen() {
  const { t, i18n } = useT();
  const list = useSeriesList();
  const options = useGameOptions();
  const id = useRoutedId('seriesId');
  const listed = typeof id === 'number' ? list.data?.data.find((s) => s.id === id) : undefined;
  const one = useSeries(typeof id === 'number' && list.data && !listed ? id : null);
  const editing = useRoutedEditing<AdminSeries>(BASE, id, listed ?? one.data);

  if (list.isError || options.isError || one.isError)
    return <LoadError what={t('admin:series.loadError')} onRetry={() => void list.refetch()} />;
  if (!list.data || !options.data || (id !== null && !editing.editing))
    return <Skeleton height={320} radius="var(--radius-m)" />;

  if (editing.editing)
    return (
      <SeriesForm
        key={String(id)}
        series={editing.editing === 'new' ? null : editing.editing}
        options={options.data}
        onDone={(saved) => editing.done(saved ? resultText(t, saved) : null)}
      />
    );

  const team = (tid: number) => options.data.teams.find((x) => x.id === tid)?.short_name ?? '—';
  const dayNames = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const days = (s: AdminSeries) =>
    s.weekdays.map((d) => dayNames.format(new Date(Date.UTC(2023, 0, 1 + d)))).join(', ');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string) => date.format(new Date(`${iso}T12:00:00Z`));

  return (
    <AdminList
      id="series-title"
      title={t('admin:series.title')}
      newLabel={t('admin:series.new')}
      editing={editing}
      items={list.data.data}
      inUse={() => false}
      texts={{
        inUse: '',
        confirmDelete: t('admin:series.confirmCancel'),
        deleted: t('admin:series.cancelled'),
      }}
      remove={(s) => cancelSeries(s.id)}
      empty={t('admin:series.empty')}
      toolbar={
        <div className={styles.actions}>
          <ButtonLink to="/admin/games" variant="secondary" size="s">
            {t('admin:series.backToGames')}
          </ButtonLink>
        </div>
      }
      row={(s) => (
        <>
          <div className={styles.rowMain}>
            <strong>{s.name_en}</strong>
            <span className={styles.muted}>
              {`${team(s.away_team_id)} @ ${team(s.home_team_id)} · ${days(s)} ${s.start_time} · ${day(s.first_date)} – ${day(s.last_date)} · ${s.time_zone}`}
            </span>
          </div>
          <span className={styles.pill}>{t('admin:series.games', { count: s.games })}</span>
          {s.detached > 0 ? (
            <span className={styles.hiddenPill}>
              {t('admin:series.detached', { count: s.detached })}
            </span>
          ) : null}
        </>
      )}
    />
  );
}
