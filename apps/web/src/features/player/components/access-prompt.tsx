import type { Playback } from '@rudy/contracts';
import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { PlayerMessage } from './player-message';

/** Link to the Buy screen for this game, with the single-event package when there is one. */
export function buyLink(eventId: number, singleEventPackageId: number | null): string {
  const params = new URLSearchParams({ event_id: String(eventId) });
  if (singleEventPackageId !== null) {
    params.set('single_event_package_id', String(singleEventPackageId));
  }
  return `/buy?${params.toString()}`;
}

/** Links that leave an embedded player: a new tab, with no handle back on the host page. */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Why the viewer cannot watch yet, and the way forward: register/login, buy, or nothing (geo). */
export function AccessPrompt({
  playback,
  openInNewTab = false,
}: {
  playback: Playback;
  openInNewTab?: boolean;
}) {
  const { t } = useT();
  const away = openInNewTab ? NEW_TAB : {};
  const poster = playback.assets.poster_url;
  switch (playback.access) {
    case 'register':
      return (
        <PlayerMessage
          posterUrl={poster}
          title={t('watch:access.registerToWatch')}
          text={t('watch:access.registerText')}
          actions={
            <>
              <ButtonLink to="/registration" size="s" {...away}>
                {t('watch:access.registerToWatch')}
              </ButtonLink>
              <ButtonLink to="/login" variant="secondary" size="s" {...away}>
                {t('watch:access.loginToWatch')}
              </ButtonLink>
            </>
          }
        />
      );
    case 'purchase':
      return (
        <PlayerMessage
          posterUrl={poster}
          title={t('watch:access.purchaseTitle')}
          text={t('watch:access.purchaseText')}
          actions={
            <>
              <ButtonLink
                to={buyLink(playback.event_id, playback.single_event_package_id)}
                size="s"
                {...away}
              >
                {t('watch:access.buyEvent')}
              </ButtonLink>
              <ButtonLink to="/packages" variant="secondary" size="s" {...away}>
                {t('watch:access.seePackages')}
              </ButtonLink>
            </>
          }
        />
      );
    case 'geo_blocked':
      return <PlayerMessage tone="alert" title={t('watch:access.geoBlocked')} />;
    case 'granted':
      return null;
  }
}
