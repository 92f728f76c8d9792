import type { Playback } from '@rudy/contracts';
import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useMoney } from '../../../lib/use-money';
import { useGamePrice } from '../api/get-game-price';
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
      return <PurchasePrompt playback={playback} away={away} />;
    case 'geo_blocked':
      return <PlayerMessage tone="alert" title={t('watch:access.geoBlocked')} />;
    case 'granted':
      return null;
  }
}

/**
 * A paid game: buy it (its full price, fee included, on the button and in the line above: the
 * first time it appeared was at checkout) or see the passes. A game without a single-game package
 * is sold only with a pass.
 */
function PurchasePrompt({ playback, away }: { playback: Playback; away: Partial<typeof NEW_TAB> }) {
  const { t } = useT();
  const money = useMoney();
  const packageId = playback.single_event_package_id;
  const game = useGamePrice(packageId).data;
  const price = game ? money(game.price, game.currency) : null;
  const text =
    packageId === null
      ? t('watch:access.purchasePassText')
      : !game || !price
        ? t('watch:access.purchaseText')
        : game.service_fee > 0
          ? t('watch:access.purchaseTextFee', {
              price,
              fee: money(game.service_fee, game.currency),
            })
          : t('watch:access.purchaseTextPrice', { price });
  return (
    <PlayerMessage
      posterUrl={playback.assets.poster_url}
      title={t('watch:access.purchaseTitle')}
      text={text}
      actions={
        <>
          {packageId !== null ? (
            <ButtonLink to={buyLink(playback.event_id, packageId)} size="s" {...away}>
              {price ? t('watch:access.buyEventFor', { price }) : t('watch:access.buyEvent')}
            </ButtonLink>
          ) : null}
          <ButtonLink
            to="/packages"
            variant={packageId !== null ? 'secondary' : 'primary'}
            size="s"
            {...away}
          >
            {t('watch:access.seePackages')}
          </ButtonLink>
        </>
      }
    />
  );
}
