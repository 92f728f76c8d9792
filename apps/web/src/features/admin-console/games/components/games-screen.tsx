import type { AdminGame } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { apiErrorText } from '../../../../lib/form-messages';
import { deleteGame, GAMES_PAGE, useGame, useGames, type GameWindow } from '../api/games';
import { publishGame } from '../api/publish-game';
import { useGameOptions } from '../api/game-options';
import { AdminList } from '../../shared/components/admin-list';
import { useRoutedEditing, useRoutedId } from '../hooks/use-routed-editing';
import { GameForm } from './game-form';
import { MomentsPanel } from './moments-panel';
import { ReelsPanel } from './reels-panel';
import { VideoStateLink } from './video-state-link';
import { LivePanel } from './live-panel';
import styles from '../../shared/components/console.module.css';

/** The tab a game is listed under, as the server sorts them: over once its duration has passed. */
export function gameWindowOf(
  g: Pick<AdminGame, 'event_utc_ts' | 'duration_minutes'>,
  now = Date.now(),
): GameWindow {
  return new Date(g.event_utc_ts).getTime() + g.duration_minutes * 60_000 > now
    ? 'upcoming'
    : 'past';
}

/**
 * The schedule: games not yet over or over, each editable; a new one from the button. A saved
 * game's tab is shown after saving (a game dated in the past is under Finished), with a word on it.
 */
export function GamesScreen() {
  const { t, i18n } = useT();
  const [{ when, offset }, setPage] = useState<{ when: GameWindow; offset: number }>({
    when: 'upcoming',
    offset: 0,
  });
  const setWhen = (w: GameWindow) => setPage({ when: w, offset: 0 });
  const games = useGames(when, offset);
  const id = useRoutedId();
  const listed = typeof id === 'number' ? games.data?.data.find((g) => g.id === id) : undefined;
  // A reload on /admin/games/12 (or a game on another tab) reads the game itself.
  const one = useGame(typeof id === 'number' && games.data && !listed ? id : null);
  const editing = useRoutedEditing<AdminGame>('/admin/games', id, listed ?? one.data);
  const options = useGameOptions();
  const client = useQueryClient();
  const publish = useMutation({
    mutationFn: (g: AdminGame) => publishGame(g.id, !g.published),
    onSuccess: async (g) => {
      editing.setNotice(
        t(g.published ? 'admin:games.published' : 'admin:games.unpublished', { name: g.name_en }),
      );
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  if (games.isError || options.isError || one.isError)
    return <LoadError what={t('admin:games.loadError')} onRetry={() => void games.refetch()} />;
  if (!games.data || !options.data || (id !== null && !editing.editing))
    return <Skeleton height={320} radius="var(--radius-m)" />;

  const teamName = (id: number | null) =>
    options.data.teams.find((x) => x.id === id)?.short_name ?? '—';
  const money = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: options.data.currency,
  });
  const when_ = (g: AdminGame) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: g.time_zone,
    }).format(new Date(g.event_utc_ts));

  if (editing.editing) {
    return (
      <>
        <GameForm
          key={String(id)}
          game={editing.editing === 'new' ? null : editing.editing}
          options={options.data}
          onDone={(saved) => {
            if (!saved) return editing.done(null);
            const tab = gameWindowOf(saved);
            const notice = t('admin:games.saved', { name: saved.name_en });
            editing.done(
              tab === when
                ? notice
                : `${notice} ${t('admin:games.listedUnder', { tab: t(`admin:games.windows.${tab}`) })}`,
            );
            setWhen(tab);
          }}
        />
        {editing.editing === 'new' ? null : <LivePanel gameId={editing.editing.id} />}
        {editing.editing === 'new' ? null : <MomentsPanel gameId={editing.editing.id} />}
      </>
    );
  }

  const { meta } = games.data;
  const shown = games.data.data.length;
  return (
    <>
      <AdminList
        id="games-title"
        title={t('admin:games.title')}
        newLabel={t('admin:games.new')}
        editing={editing}
        items={games.data.data}
        inUse={(g) => g.has_orders}
        texts={{
          inUse: t('admin:games.inUse'),
          confirmDelete: t('admin:games.confirmDelete'),
          deleted: t('admin:games.deleted'),
        }}
        remove={(g) => deleteGame(g.id)}
        empty={t('admin:games.empty')}
        actions={(g) => (
          <Button
            size="s"
            variant="secondary"
            disabled={publish.isPending}
            onClick={() => publish.mutate(g)}
          >
            {g.published ? t('admin:games.unpublish') : t('admin:games.publish')}
          </Button>
        )}
        toolbar={
          <>
            {publish.isError ? (
              <FormAlert tone="error">{apiErrorText(t, publish.error)}</FormAlert>
            ) : null}
            <div className={styles.tabs} role="group" aria-label={t('admin:games.window')}>
              {(['upcoming', 'past'] as const).map((w) => (
                <button
                  key={w}
                  type="button"
                  className={styles.tab}
                  aria-pressed={when === w}
                  onClick={() => setWhen(w)}
                >
                  {t(`admin:games.windows.${w}`)}
                </button>
              ))}
            </div>
            <div className={styles.actions}>
              <ButtonLink to="/admin/games/series" variant="secondary" size="s">
                {t('admin:series.title')}
              </ButtonLink>
              <ButtonLink to="/admin/games/import" variant="secondary" size="s">
                {t('admin:games.importSeason')}
              </ButtonLink>
            </div>
          </>
        }
        row={(g) => (
          <>
            <div className={styles.rowMain}>
              <strong>{g.name_en}</strong>
              <span className={styles.muted}>
                {`${teamName(g.away_team_id)} @ ${teamName(g.home_team_id)} · ${when_(g)} · ${g.time_zone}`}
              </span>
            </div>
            <VideoStateLink game={g} />
            {g.series_id !== null ? (
              <Link to={`/admin/games/series/${g.series_id}`} className={styles.videoStateLink}>
                {g.series_detached ? t('admin:series.inSeriesOwn') : t('admin:series.inSeries')}
              </Link>
            ) : null}
            {g.published ? null : (
              <span className={styles.hiddenPill}>{t('admin:games.hidden')}</span>
            )}
            <span className={styles.pill}>
              {t(`admin:games.accessTypes.${g.access_type}`)}
              {g.price_cents !== null ? ` · ${money.format(g.price_cents / 100)}` : ''}
            </span>
          </>
        )}
      />
      {/* Reels are cut after the games: shown under the finished ones. */}
      {when === 'past' ? <ReelsPanel /> : null}
      {meta.total > GAMES_PAGE ? (
        <nav className={styles.pager} aria-label={t('admin:games.pagePages')}>
          <Button
            size="s"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setPage({ when, offset: Math.max(0, offset - GAMES_PAGE) })}
          >
            {t('admin:games.pagePrevious')}
          </Button>
          <span className={styles.muted} aria-live="polite">
            {t('admin:games.pageRange', {
              from: shown === 0 ? 0 : meta.offset + 1,
              to: meta.offset + shown,
              total: meta.total,
            })}
          </span>
          <Button
            size="s"
            variant="secondary"
            disabled={meta.offset + shown >= meta.total}
            onClick={() => setPage({ when, offset: offset + GAMES_PAGE })}
          >
            {t('admin:games.pageNext')}
          </Button>
        </nav>
      ) : null}
    </>
  );
}
