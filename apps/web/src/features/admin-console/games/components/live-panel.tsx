import '../../../../locales/admin-live';
import type { AdminLiveIngest } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { liveIngestQueryOptions, rotateStreamKey, useLiveIngest } from '../api/live-ingest';
import styles from './live-panel.module.css';
import { StreamHealth } from './stream-health';

/** A value the operator copies into the encoder, with its copy button. */
function CopyRow(props: { label: string; value: string; shown: string; extra?: React.ReactNode }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(props.value);
    setCopied(true);
    setTimeout(() => setCopied(false), 1_500);
  };
  return (
    <div className={styles.field}>
      <span className={styles.label}>{props.label}</span>
      <code className={styles.value}>{props.shown}</code>
      <span className={styles.buttons}>
        {props.extra}
        <Button size="s" variant="secondary" onClick={() => void copy()}>
          {copied ? t('admin-live:copied') : t('admin-live:copy')}
        </Button>
      </span>
    </div>
  );
}

/**
 * On air or not, since when, and the bitrate ("measuring…" until the server has a figure); and
 * when the server last dropped or refused the encoder, and why.
 */
export function LiveStatus({ live }: { live: AdminLiveIngest }) {
  const { t, i18n } = useT();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <LiveLine live={live} time={time} />
      {live.last_drop ? (
        <p className={styles.muted}>
          {t('admin-live:lastDrop', {
            time: time(live.last_drop.at),
            reason: t(`admin-live:drop.${live.last_drop.reason}`),
          })}
        </p>
      ) : null}
    </>
  );
}

function LiveLine({ live, time }: { live: AdminLiveIngest; time: (iso: string) => string }) {
  const { t, i18n } = useT();
  return (
    <p className={styles.status} role="status">
      <span className={live.online ? styles.onAir : styles.offAir}>
        {live.online ? t('admin-live:online') : t('admin-live:offline')}
      </span>
      {live.online && live.since ? (
        <span>{t('admin-live:since', { time: time(live.since) })}</span>
      ) : null}
      {live.online ? (
        <span>
          {live.bitrate_kbps === null
            ? t('admin-live:measuring')
            : t('admin-live:bitrate', {
                kbps: new Intl.NumberFormat(i18n.language).format(live.bitrate_kbps),
              })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * A game's live stream in the console: on air or not with its bitrate and, while on air, the
 * stream's health (stream-health.tsx), the server and stream key
 * for OBS, and a new key on demand. The key comes only with the answer that made it (the server
 * keeps its hash), so it is held here, masked until revealed, for as long as the panel is open.
 */
export function LivePanel({ gameId }: { gameId: number }) {
  const { t, i18n } = useT();
  const live = useLiveIngest(gameId);
  const client = useQueryClient();
  const [key, setKey] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateStreamKey(gameId),
    onSuccess: (made) => {
      setKey(made.stream_key);
      setRevealed(false);
      setConfirming(false);
      client.setQueryData(liveIngestQueryOptions(gameId).queryKey, { ...made, stream_key: null });
    },
  });

  if (live.isError)
    return <LoadError what={t('admin-live:loadError')} onRetry={() => void live.refetch()} />;
  if (!live.data) return <Skeleton height={160} radius="var(--radius-m)" />;
  const data = live.data;
  const made = data.key_created_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(data.key_created_at),
      )
    : null;

  return (
    <section className={styles.panel} aria-labelledby="live-title">
      <h2 id="live-title" className={styles.title}>
        {t('admin-live:title')}
      </h2>
      {!data.enabled || !data.ingest_url ? (
        <p className={styles.muted}>{t('admin-live:off')}</p>
      ) : (
        <>
          <LiveStatus live={data} />
          <StreamHealth gameId={gameId} online={data.online} />
          <p className={styles.muted}>{t('admin-live:intro')}</p>
          <CopyRow label={t('admin-live:server')} value={data.ingest_url} shown={data.ingest_url} />
          {key ? (
            <>
              <CopyRow
                label={t('admin-live:key')}
                value={key}
                shown={revealed ? key : '•'.repeat(24)}
                extra={
                  <Button size="s" variant="secondary" onClick={() => setRevealed((r) => !r)}>
                    {revealed ? t('admin-live:hide') : t('admin-live:reveal')}
                  </Button>
                }
              />
              <FormAlert tone="success">{t('admin-live:rotated')}</FormAlert>
            </>
          ) : (
            <div className={styles.field}>
              <span className={styles.label}>{t('admin-live:key')}</span>
              <span className={styles.muted}>
                {data.has_key ? t('admin-live:keyHidden') : t('admin-live:noKey')}
                {made ? ` ${t('admin-live:keyMade', { date: made })}` : ''}
              </span>
            </div>
          )}
          {rotate.isError ? (
            <FormAlert tone="error">{apiErrorText(t, rotate.error)}</FormAlert>
          ) : null}
          {confirming ? (
            <div className={styles.confirm} role="alert">
              <span>{t('admin-live:confirmRotate')}</span>
              <span className={styles.buttons}>
                <Button size="s" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                  {t('admin-live:confirm')}
                </Button>
                <Button size="s" variant="secondary" onClick={() => setConfirming(false)}>
                  {t('admin-live:cancel')}
                </Button>
              </span>
            </div>
          ) : (
            <div>
              <Button
                size="s"
                variant="secondary"
                disabled={rotate.isPending}
                onClick={() => (data.has_key ? setConfirming(true) : rotate.mutate())}
              >
                {data.has_key ? t('admin-live:rotate') : t('admin-live:make')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
