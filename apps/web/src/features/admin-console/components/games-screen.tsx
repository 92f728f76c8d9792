import type { AdminGame } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/status-message';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { deleteGame, useGameOptions, useGames, type GameWindow } from '../api/games';
import { GameForm } from './game-form';
import styles from './console.module.css';

/** The schedule: games not yet over or over, each editable; a new one from the button. */
export function GamesScreen() {
  const { t, i18n } = useT();
  const client = useQueryClient();
  const [when, setWhen] = useState<GameWindow>('upcoming');
  const [editing, setEditing] = useState<AdminGame | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const games = useGames(when, 0);
  const options = useGameOptions();
  const remove = useMutation({
    mutationFn: (g: AdminGame) => deleteGame(g.id),
    onSuccess: async () => {
      setNotice(t('admin:games.deleted'));
      await client.invalidateQueries({ queryKey: ['admin', 'games'] });
    },
  });

  if (games.isError || options.isError)
    return <LoadError what={t('admin:games.loadError')} onRetry={() => void games.refetch()} />;
  if (!games.data || !options.data) return <Skeleton height={320} radius="var(--radius-m)" />;

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

  if (editing) {
    return (
      <GameForm
        game={editing === 'new' ? null : editing}
        options={options.data}
        onDone={(saved) => {
          setEditing(null);
          if (saved) setNotice(t('admin:games.saved', { name: saved.name_en }));
        }}
      />
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="games-title">
      <div className={styles.head}>
        <h1 id="games-title">{t('admin:games.title')}</h1>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          {t('admin:games.new')}
        </Button>
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {remove.isError ? (
        <FormAlert tone="error">
          {isApiError(remove.error) && remove.error.code === 'in_use'
            ? t('admin:games.inUse')
            : apiErrorText(t, remove.error)}
        </FormAlert>
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
      {games.data.data.length === 0 ? (
        <p className={styles.empty}>{t('admin:games.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {games.data.data.map((g) => (
            <li key={g.id} className={styles.row}>
              <div className={styles.rowMain}>
                <strong>{`${teamName(g.away_team_id)} @ ${teamName(g.home_team_id)}`}</strong>
                <span className={styles.muted}>{`${when_(g)} · ${g.time_zone}`}</span>
              </div>
              <span className={styles.pill}>
                {t(`admin:games.accessTypes.${g.access_type}`)}
                {g.price_cents !== null ? ` · ${money.format(g.price_cents / 100)}` : ''}
              </span>
              <div className={styles.rowActions}>
                <Button
                  size="s"
                  variant="secondary"
                  onClick={() => {
                    setNotice(null);
                    setEditing(g);
                  }}
                >
                  {t('admin:common.edit')}
                </Button>
                <Button
                  size="s"
                  variant="secondary"
                  disabled={g.has_orders || remove.isPending}
                  title={g.has_orders ? t('admin:games.inUse') : undefined}
                  onClick={() => {
                    if (window.confirm(t('admin:games.confirmDelete'))) remove.mutate(g);
                  }}
                >
                  {t('admin:common.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
