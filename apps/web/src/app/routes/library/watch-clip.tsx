import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useUserClips } from '../../../features/clips/api/get-user-clips';
import { ClipDetails } from '../../../features/clips/components/clip-details';
import { ClipWatchActions } from '../../../features/clips/components/clip-watch-actions';
import { useT } from '../../../lib/i18n';
import { ClipPlayer } from './clip-player';
import styles from './library.module.css';
import '../../../locales/clips';

/** One of the viewer's own clips (the route makes sure they are signed in). */
export function WatchClip() {
  const { t } = useT();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const clips = useUserClips();
  const clip = clips.data?.data.find((c) => c.id === id);
  const back = (
    <ButtonLink to="/profile/clips" variant="secondary" size="s">
      {t('clips:watch.back')}
    </ButtonLink>
  );

  const content = (() => {
    if (clips.isPending) return <Skeleton ratio={16 / 9} radius={12} />;
    if (!clips.data) {
      return <LoadError what={t('clips:library.what')} onRetry={() => void clips.refetch()} />;
    }
    if (!clip) {
      return <StatusMessage tone="error" title={t('clips:watch.notFound')} action={back} />;
    }
    if (clip.status !== 'success' || !clip.stream_url) {
      return clip.status === 'error' ? (
        <StatusMessage tone="error" title={t('clips:status.failed')} action={back} />
      ) : (
        <StatusMessage
          tone="info"
          title={t('clips:status.processing')}
          description={t('clips:watch.processingText')}
          action={back}
        />
      );
    }
    return (
      <>
        <ClipPlayer key={clip.id} clip={{ ...clip, stream_url: clip.stream_url }} />
        <ClipDetails
          clip={clip}
          actions={
            <ClipWatchActions clip={clip} onDeleted={() => void navigate('/profile/clips')} />
          }
        />
      </>
    );
  })();

  return (
    <div className="page-container">
      <title>{clip?.name ?? t('clips:watch.title')}</title>
      <div className={styles.layout}>
        <Link to="/profile/clips" className={styles.back}>
          ← {t('clips:watch.back')}
        </Link>
        {content}
      </div>
    </div>
  );
}
