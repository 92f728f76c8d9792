import { IMAGE_RATIO, type VodMediaItem } from '@rudy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReducedMotion } from '../../../components/ui/use-auto-scroll';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import { assetUrl, formatVodDate, isLocked, vodWatchPath } from '../lib/vod-display';
import styles from './vod-card.module.css';

/**
 * One library video: poster (its short preview plays while pointed at, unless the visitor prefers
 * reduced motion), length, a pass badge when the viewer cannot watch it yet, title, category and
 * date. The title link stretches over the card.
 */
export function VodCard({ item }: { item: VodMediaItem }) {
  const { t, i18n } = useT();
  const [isPointed, setPointed] = useState(false);
  const reduced = useReducedMotion();
  const poster = assetUrl(item, 'image');
  const preview = assetUrl(item, 'preview');
  const showPreview = isPointed && preview !== null && !reduced;

  return (
    <article
      className={styles.card}
      onMouseEnter={() => setPointed(true)}
      onMouseLeave={() => setPointed(false)}
    >
      <div className={styles.thumb} style={{ aspectRatio: IMAGE_RATIO }}>
        {poster ? (
          <img src={poster} alt="" loading="lazy" decoding="async" className={styles.media} />
        ) : (
          <span className={styles.fallback} aria-hidden="true" />
        )}
        {showPreview ? (
          <video
            className={styles.media}
            src={preview}
            muted
            autoPlay
            loop
            playsInline
            aria-hidden="true"
          />
        ) : null}
        {isLocked(item) ? <span className={styles.pass}>{t('library:card.pass')}</span> : null}
        {item.duration_seconds !== null ? (
          <span className={styles.duration}>{formatClock(item.duration_seconds)}</span>
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={vodWatchPath(item.id)} className={styles.link} title={item.title}>
            {item.title}
          </Link>
        </h3>
        <p className={styles.meta}>
          {item.category_name ? <span>{item.category_name}</span> : null}
          <time dateTime={item.date}>{formatVodDate(item.date, i18n.language)}</time>
        </p>
      </div>
    </article>
  );
}

/** A card's shape while the library loads. */
export function VodCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.thumb} ${styles.loading}`} style={{ aspectRatio: IMAGE_RATIO }} />
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.loading}`} />
        <span className={`${styles.line} ${styles.short} ${styles.loading}`} />
      </div>
    </div>
  );
}
