import type { AdminGame, AdminGameVideoState } from '@rudy/contracts';
import { Link } from 'react-router';
import { useT } from '../../../../lib/i18n';
import styles from '../../shared/components/console.module.css';

/** Where each state is fixed or followed: media for uploads, the live panel, the viewer's page. */
export function videoStateHref(g: Pick<AdminGame, 'id'>, state: AdminGameVideoState): string {
  switch (state) {
    case 'live':
      return `/admin/games/${g.id}`;
    case 'ready':
      return `/watch/${g.id}`;
    case 'none':
    case 'processing':
    case 'failed':
      return `/admin/media?game=${g.id}`;
  }
}

/** A game's video state as a pill, with the link that fixes it (upload, retry, stream, watch). */
export function VideoStateLink({
  game,
}: {
  game: Pick<AdminGame, 'id' | 'name_en' | 'video_state'>;
}) {
  const { t } = useT();
  const state = game.video_state;
  return (
    <span className={styles.videoState} data-video-state={state}>
      <span className={styles.videoStatePill}>{t(`admin:games.video.${state}`)}</span>
      <Link
        to={videoStateHref(game, state)}
        className={styles.videoStateLink}
        aria-label={t(`admin:games.videoFix.${state}Named`, { name: game.name_en })}
      >
        {t(`admin:games.videoFix.${state}`)}
      </Link>
    </span>
  );
}
