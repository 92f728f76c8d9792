import type { VodMediaItem } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import { formatVodDate, isLocked } from '../lib/vod-display';
import styles from './vod-details.module.css';

/** Under a library video's player: its title, category, date, length and description. */
export function VodDetails({ item }: { item: VodMediaItem }) {
  const { t, i18n } = useT();
  return (
    <section className={styles.details} aria-labelledby="vod-title">
      <h1 id="vod-title" className={styles.title}>
        {item.title}
      </h1>
      <p className={styles.meta}>
        {item.category_name ? <span className={styles.category}>{item.category_name}</span> : null}
        <time dateTime={item.date}>
          {t('library:watch.published', { date: formatVodDate(item.date, i18n.language) })}
        </time>
        {item.duration_seconds !== null ? (
          <span>{t('library:watch.length', { duration: formatClock(item.duration_seconds) })}</span>
        ) : null}
        {isLocked(item) ? <span className={styles.pass}>{t('library:card.pass')}</span> : null}
      </p>
      {item.description ? <p className={styles.description}>{item.description}</p> : null}
    </section>
  );
}
