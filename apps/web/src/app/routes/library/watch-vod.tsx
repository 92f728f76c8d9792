import type { VodMediaItemDetail } from '@rudy/contracts';
import { Link, useLocation, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useProfile } from '../../../features/auth/api/get-profile';
import { PlayerFrame } from '../../../features/player/components/player-frame';
import { PlayerMessage } from '../../../features/player/components/player-message';
import { VideoPlayer } from '../../../features/player/components/video-player';
import { useVodItem } from '../../../features/vod/api/get-vod-item';
import { VodDetails } from '../../../features/vod/components/vod-details';
import { VodRelated } from '../../../features/vod/components/vod-related';
import { assetUrl } from '../../../features/vod/lib/vod-display';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { loginPathFor } from '../../route-guards';
import styles from './library.module.css';
import '../../../locales/library';

/** A library video in the site's player, its details, and more of its category. */
export function WatchVod() {
  const { t } = useT();
  const id = Number(useParams().id);
  const item = useVodItem(id);
  const data = item.data;

  const content = (() => {
    if (item.isPending) return <Skeleton ratio={16 / 9} radius={12} />;
    if (!data) {
      return isApiError(item.error) && item.error.status === 404 ? (
        <StatusMessage
          tone="error"
          title={t('library:watch.notFound')}
          description={t('library:watch.notFoundText')}
          action={
            <ButtonLink to="/vod_library" variant="secondary" size="s">
              {t('library:watch.back')}
            </ButtonLink>
          }
        />
      ) : (
        <LoadError what={t('library:watch.what')} onRetry={() => void item.refetch()} />
      );
    }
    return (
      <>
        <VodPlayer item={data} />
        <VodDetails item={data} />
      </>
    );
  })();

  return (
    <div className="page-container">
      <title>{data?.title ?? t('library:watch.title')}</title>
      <div className={styles.layout}>
        <Link to="/vod_library" className={styles.back}>
          ← {t('library:watch.back')}
        </Link>
        {content}
        {data ? <VodRelated item={data} /> : null}
      </div>
    </div>
  );
}

/** The same player as /watch when the viewer may watch; otherwise what stands in its frame. */
function VodPlayer({ item }: { item: VodMediaItemDetail }) {
  const { t } = useT();
  const user = useProfile().data;
  const { pathname, search } = useLocation();
  const poster = assetUrl(item, 'image');
  if (item.stream) {
    return (
      <VideoPlayer
        key={item.id}
        stream={item.stream}
        preroll={null}
        posterUrl={poster}
        thumbnailsUrl={item.thumbnails_vtt_url}
      />
    );
  }
  if (item.access === 'geo_blocked') {
    return (
      <PlayerFrame>
        <PlayerMessage tone="alert" title={t('watch:access.geoBlocked')} />
      </PlayerFrame>
    );
  }
  if (item.access === 'granted') {
    return (
      <PlayerFrame>
        <PlayerMessage
          posterUrl={poster}
          title={t('library:watch.notFound')}
          text={t('library:watch.notFoundText')}
        />
      </PlayerFrame>
    );
  }
  return (
    <PlayerFrame>
      <PlayerMessage
        posterUrl={poster}
        title={t('library:access.passTitle')}
        text={user ? t('library:access.passText') : t('library:access.loginText')}
        actions={
          <>
            <ButtonLink to="/packages" size="s">
              {t('library:access.seePackages')}
            </ButtonLink>
            {user ? null : (
              <ButtonLink to={loginPathFor(`${pathname}${search}`)} variant="secondary" size="s">
                {t('library:access.login')}
              </ButtonLink>
            )}
          </>
        }
      />
    </PlayerFrame>
  );
}
