import '../../../../locales/admin-live';
import type { AdminReel } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { formatClock } from '../../../../lib/time-format';
import {
  decideReel,
  pendingReelsQueryOptions,
  reelSettingsQueryOptions,
  saveReelSettings,
  usePendingReels,
  useReelSettings,
} from '../api/moments';
import styles from './live-panel.module.css';

function ReelRow({ reel, onDecided }: { reel: AdminReel; onDecided: () => void }) {
  const { t } = useT();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'discard') => decideReel(reel.event_id, decision),
    onSuccess: onDecided,
  });
  return (
    <li className={styles.momentRow}>
      <strong>{reel.event_name}</strong>
      <span className={styles.muted}>
        {t('admin-live:reels.pieces', {
          count: reel.moments,
          length: formatClock(reel.duration_seconds ?? 0),
        })}
      </span>
      <Button size="s" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
        {t('admin-live:reels.approve')}
      </Button>
      <Button
        size="s"
        variant="secondary"
        disabled={decide.isPending}
        onClick={() => decide.mutate('discard')}
      >
        {t('admin-live:reels.discard')}
      </Button>
      {decide.isError ? <span role="alert">{apiErrorText(t, decide.error)}</span> : null}
    </li>
  );
}

/**
 * The channel's highlights reels in the console: whether a reel publishes by itself or waits
 * here, and the reels waiting, each approved (listed in the Highlights rail) or discarded.
 */
export function ReelsPanel() {
  const { t } = useT();
  const client = useQueryClient();
  const settings = useReelSettings();
  const reels = usePendingReels();
  const save = useMutation({
    mutationFn: saveReelSettings,
    onSuccess: (next) => client.setQueryData(reelSettingsQueryOptions().queryKey, next),
  });
  const refresh = () => void client.invalidateQueries(pendingReelsQueryOptions());
  const waits = settings.data?.reels_need_approval ?? false;

  return (
    <section className={styles.panel} aria-labelledby="reels-title">
      <h2 id="reels-title" className={styles.title}>
        {t('admin-live:reels.title')}
      </h2>
      <label className={styles.status}>
        <input
          type="checkbox"
          checked={waits}
          disabled={!settings.data || save.isPending}
          onChange={(e) => save.mutate({ reels_need_approval: e.target.checked })}
        />
        {t('admin-live:reels.needApproval')}
      </label>
      {save.isError ? <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert> : null}
      {reels.data && reels.data.reels.length > 0 ? (
        <ul className={styles.momentList} aria-label={t('admin-live:reels.pending')}>
          {reels.data.reels.map((r) => (
            <ReelRow key={r.event_id} reel={r} onDecided={refresh} />
          ))}
        </ul>
      ) : reels.data ? (
        <p className={styles.muted}>{t('admin-live:reels.none')}</p>
      ) : null}
    </section>
  );
}
