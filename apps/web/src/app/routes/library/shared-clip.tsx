import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useSharedClip } from '../../../features/clips/api/get-shared-clip';
import { ClipDetails } from '../../../features/clips/components/clip-details';
import { ClipShareActions } from '../../../features/clips/components/clip-share-actions';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { ClipPlayer } from './clip-player';
import { SharedClipBrand } from './shared-clip-brand';
import styles from './library.module.css';
import '../../../locales/clips';

/**
 * A clip someone shared: anyone with the link watches it, signed in or not, inside the channel's
 * site (header, colours, logo) with a way on to the full game and the channel's other games. The
 * server puts the clip's Open Graph tags into this page's HTML for link previews.
 */
export function Component() {
  const { t } = useT();
  const { id, uuid = '' } = useParams();
  const shared = useSharedClip(uuid);
  // The page's address names both: a uuid with another clip's id is a broken link.
  const clip = shared.data && String(shared.data.id) === id ? shared.data : null;
  const home = (
    <ButtonLink to="/" variant="secondary" size="s">
      {t('common:actions.backHome')}
    </ButtonLink>
  );

  const content = (() => {
    if (shared.isPending) return <Skeleton ratio={16 / 9} radius={12} />;
    if (isApiError(shared.error) && shared.error.code === 'geo_blocked') {
      return <StatusMessage tone="error" title={t('clips:errors.geo_blocked')} action={home} />;
    }
    if (shared.isError && !(isApiError(shared.error) && shared.error.status === 404)) {
      return <LoadError what={t('clips:shared.what')} onRetry={() => void shared.refetch()} />;
    }
    if (!clip?.stream_url) {
      return (
        <StatusMessage
          tone="error"
          title={t('clips:shared.notFound')}
          description={t('clips:shared.notFoundText')}
          action={home}
        />
      );
    }
    return (
      <>
        <ClipPlayer key={clip.id} clip={{ ...clip, stream_url: clip.stream_url }} />
        <ClipDetails
          clip={clip}
          actions={<ClipShareActions sharePath={clip.share_path} name={clip.name} />}
        />
        <SharedClipBrand eventId={clip.event_id} />
      </>
    );
  })();

  return (
    <div className="page-container">
      <title>{clip?.name ?? t('clips:shared.title')}</title>
      <div className={styles.layout}>{content}</div>
    </div>
  );
}
