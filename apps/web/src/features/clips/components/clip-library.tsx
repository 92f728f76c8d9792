import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useUserClips } from '../api/get-user-clips';
import { useClipDownload } from '../hooks/use-clip-download';
import { ClipCard } from './clip-card';
import styles from './clip-library.module.css';
import '../../../locales/clips';

/** The profile's clips tab: every clip the viewer cut, newest first, with play, share, download, delete. */
export function ClipLibrary({ empty }: { empty: ReactNode }) {
  const { t } = useT();
  const clips = useUserClips();
  const { download, busyId } = useClipDownload();

  if (clips.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={t('clips:library.loading')}>
        {[0, 1, 2].map((n) => (
          <li key={n} className={styles.card}>
            <Skeleton ratio={16 / 9} />
            <div className={styles.body}>
              <Skeleton width="70%" height={20} />
              <Skeleton width="50%" height={14} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (!clips.data) {
    return <LoadError what={t('clips:library.what')} onRetry={() => void clips.refetch()} />;
  }
  const { data, clips_used: used, clips_limit: limit } = clips.data;
  if (data.length === 0) return empty;
  return (
    <section aria-labelledby="clip-library-title">
      <div className={styles.heading}>
        <h2 id="clip-library-title" className={styles.title}>
          {t('clips:library.title')}
        </h2>
        <p className={styles.count}>
          {limit === null
            ? t('clips:library.count', { count: data.length })
            : t('clips:budget', { count: used, used, limit })}
        </p>
      </div>
      <ul className={styles.grid}>
        {data.map((clip) => (
          <ClipCard
            key={clip.id}
            clip={clip}
            onDownload={download}
            isDownloading={busyId === clip.id}
          />
        ))}
      </ul>
    </section>
  );
}
