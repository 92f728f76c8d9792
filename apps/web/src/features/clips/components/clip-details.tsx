import type { SharedClip } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import { formatClipDate } from '../lib/format';
import styles from './clip-details.module.css';
import '../../../locales/clips';

type ClipFacts = Pick<SharedClip, 'name' | 'event' | 'created_at' | 'tags' | 'duration'>;

/** Under a clip's player: its name, the game it comes from (a link to it), length, date and tags. */
export function ClipDetails({ clip, actions }: { clip: ClipFacts; actions?: ReactNode }) {
  const { t, i18n } = useT();
  return (
    <section className={styles.details} aria-labelledby="clip-title">
      <div className={styles.titleRow}>
        <h1 id="clip-title" className={styles.title}>
          {clip.name}
        </h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <p className={styles.meta}>
        {t('clips:details.from')}{' '}
        <Link to={`/watch/${clip.event.id}`} className={styles.game}>
          {clip.event.name}
        </Link>
        {' · '}
        {formatClock(clip.duration)}
        {' · '}
        {formatClipDate(clip.created_at, i18n.language)}
      </p>
      {clip.tags.length > 0 ? (
        <ul className={styles.tags} aria-label={t('clips:form.tags')}>
          {clip.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
