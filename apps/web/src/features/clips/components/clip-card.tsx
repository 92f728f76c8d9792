import type { Clip } from '@rudy/contracts';
import { ButtonLink, Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { formatClock } from '../../../lib/time-format';
import { formatClipDate } from '../lib/format';
import { ClipShareActions } from './clip-share-actions';
import { DeleteClipButton } from './delete-clip-button';
import styles from './clip-library.module.css';
import '../../../locales/clips';

/** One of the viewer's clips: its picture and facts, and what can be done with it now. */
export function ClipCard({
  clip,
  onDownload,
  isDownloading,
}: {
  clip: Clip;
  onDownload: (id: number) => void;
  isDownloading: boolean;
}) {
  const { t, i18n } = useT();
  const isReady = clip.status === 'success';
  const titleId = `clip-${clip.id}-title`;
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.picture}>
        {clip.poster_url ? <img src={clip.poster_url} alt="" loading="lazy" /> : null}
        {clip.status === 'processing' ? (
          <span className={styles.state}>
            <span className={styles.spinner} aria-hidden="true" />
            {t('clips:status.processingShort')}
          </span>
        ) : clip.status === 'error' ? (
          <span className={`${styles.state} ${styles.failed}`}>{t('clips:status.failed')}</span>
        ) : null}
        <span className={styles.length}>{formatClock(clip.duration)}</span>
      </div>
      <div className={styles.body}>
        <h3 id={titleId} className={styles.name}>
          {clip.name}
        </h3>
        <p className={styles.meta}>
          {clip.event.name} · {formatClipDate(clip.created_at, i18n.language)}
        </p>
        {clip.tags.length > 0 ? (
          <ul className={styles.tags} aria-label={t('clips:form.tags')}>
            {clip.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
        <div className={styles.actions}>
          {isReady ? (
            <>
              <ButtonLink to={`/watch_library/${clip.id}`} size="s">
                {t('clips:actions.play')}
              </ButtonLink>
              <ClipShareActions sharePath={clip.share_path} name={clip.name} />
              {clip.can_download ? (
                <Button
                  variant="secondary"
                  size="s"
                  onClick={() => onDownload(clip.id)}
                  disabled={isDownloading}
                >
                  {isDownloading ? t('clips:actions.downloading') : t('clips:actions.download')}
                </Button>
              ) : null}
            </>
          ) : null}
          <DeleteClipButton clip={clip} />
        </div>
      </div>
    </li>
  );
}
