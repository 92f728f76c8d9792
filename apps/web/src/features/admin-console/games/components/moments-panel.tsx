import '../../../../locales/admin-live';
import { MOMENT_LABELS, MOMENT_LIMITS, type AdminMoment } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { formatClock } from '../../../../lib/time-format';
import {
  adminMomentsQueryOptions,
  markMoment,
  relabelMoment,
  removeMoment,
  useAdminMoments,
} from '../api/moments';
import styles from './live-panel.module.css';

/** One moment: its time, what found it, its label (editable) and its removal. */
function MomentRow({ moment, onChanged }: { moment: AdminMoment; onChanged: () => void }) {
  const { t } = useT();
  const [label, setLabel] = useState(moment.label ?? '');
  const save = useMutation({
    mutationFn: () => relabelMoment(moment.id, label),
    onSuccess: onChanged,
  });
  const remove = useMutation({ mutationFn: () => removeMoment(moment.id), onSuccess: onChanged });
  const time = formatClock(moment.at_seconds);
  return (
    <li className={styles.momentRow}>
      <span className={styles.momentTime}>{time}</span>
      <span className={styles.muted}>{t(`admin-live:moments.kind.${moment.kind}`)}</span>
      <input
        className={styles.momentLabel}
        value={label}
        maxLength={MOMENT_LIMITS.labelMax}
        onChange={(e) => setLabel(e.target.value)}
        aria-label={t('admin-live:moments.labelOf', { time })}
      />
      <Button size="s" variant="secondary" disabled={save.isPending} onClick={() => save.mutate()}>
        {t('admin-live:moments.save')}
      </Button>
      <Button
        size="s"
        variant="secondary"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
      >
        {t('admin-live:moments.remove')}
      </Button>
      {save.isError || remove.isError ? (
        <span role="alert">{apiErrorText(t, save.error ?? remove.error)}</span>
      ) : null}
    </li>
  );
}

/**
 * A game's key moments in the console: "Mark moment" while it is live (with an optional label),
 * and the list, detected and marked, each relabelled or removed. Every change is audited.
 */
export function MomentsPanel({ gameId }: { gameId: number }) {
  const { t } = useT();
  const moments = useAdminMoments(gameId);
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const refresh = () => void client.invalidateQueries(adminMomentsQueryOptions(gameId));
  const mark = useMutation({
    mutationFn: () => markMoment(gameId, label || null),
    onSuccess: refresh,
  });
  const notLive = isApiError(mark.error) && mark.error.status === 400;

  return (
    <section className={styles.panel} aria-labelledby="moments-title">
      <h2 id="moments-title" className={styles.title}>
        {t('admin-live:moments.title')}
      </h2>
      <div className={styles.status}>
        <select
          className={styles.momentPick}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          aria-label={t('admin-live:moments.label')}
        >
          <option value="">{t('admin-live:moments.noLabel')}</option>
          {MOMENT_LABELS.map((l) => (
            <option key={l} value={l}>
              {t(`admin-live:moments.labels.${l}`)}
            </option>
          ))}
        </select>
        <Button size="s" disabled={mark.isPending} onClick={() => mark.mutate()}>
          {t('admin-live:moments.mark')}
        </Button>
      </div>
      {mark.isError ? (
        <FormAlert tone="error">
          {notLive ? t('admin-live:moments.notLive') : apiErrorText(t, mark.error)}
        </FormAlert>
      ) : null}
      {moments.data && moments.data.moments.length > 0 ? (
        <ol className={styles.momentList}>
          {moments.data.moments.map((m) => (
            <MomentRow key={`${m.id}-${m.label ?? ''}`} moment={m} onChanged={refresh} />
          ))}
        </ol>
      ) : moments.data ? (
        <p className={styles.muted}>{t('admin-live:moments.none')}</p>
      ) : null}
    </section>
  );
}
