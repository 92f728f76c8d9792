import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { usePackages, useSubscriptions } from '../api/get-offers';
import { accessesOnSale, bestValueKey, offerKey, type Offer } from '../lib/offer-value';
import { OfferCard } from './offer-card';
import styles from './packages-screen.module.css';
import '../../../locales/commerce';

/**
 * /packages: passes and subscriptions as cards; the highest base price gets the premium look, and
 * "Best value" goes to the plan computed from features and cost (lib/offer-value.ts).
 */
export function PackagesScreen() {
  const { t } = useT();
  const packages = usePackages();
  const subscriptions = useSubscriptions();
  const isPending = packages.isPending || subscriptions.isPending;
  const failed = packages.isError || subscriptions.isError;
  const passes = packages.data ?? [];
  const plans = subscriptions.data ?? [];
  const offers: Offer[] = [
    ...passes.map((item) => ({ kind: 'package' as const, item })),
    ...plans.map((item) => ({ kind: 'subscription' as const, item })),
  ];
  const features = accessesOnSale(offers);
  const bestValue = bestValueKey(offers);
  const card = (offer: Offer) => (
    <OfferCard
      key={offerKey(offer)}
      offer={offer}
      isPremium={offer.item.is_premium === true}
      isBestValue={offerKey(offer) === bestValue}
      features={features}
    />
  );

  return (
    <div className="page-container">
      <title>{t('commerce:packages.title')}</title>
      <PageHeader
        title={t('commerce:packages.title')}
        subtitle={t('commerce:packages.subtitle')}
        actions={
          <ButtonLink to="/simulate" variant="ghost" size="s">
            {t('commerce:packages.simulate')}
          </ButtonLink>
        }
      />
      {failed ? (
        <LoadError
          what={t('commerce:packages.what')}
          onRetry={() => {
            void packages.refetch();
            void subscriptions.refetch();
          }}
        />
      ) : isPending ? (
        <div className={styles.grid} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={420} radius={16} />
          ))}
        </div>
      ) : passes.length + plans.length === 0 ? (
        <StatusMessage title={t('commerce:packages.empty')} />
      ) : (
        <>
          {passes.length > 0 ? (
            <section className={styles.section} aria-labelledby="passes-title">
              <h2 id="passes-title" className={styles.heading}>
                {t('commerce:packages.passes')}
              </h2>
              <div className={styles.grid}>
                {offers.filter((o) => o.kind === 'package').map(card)}
              </div>
            </section>
          ) : null}
          {plans.length > 0 ? (
            <section className={styles.section} aria-labelledby="plans-title">
              <h2 id="plans-title" className={styles.heading}>
                {t('commerce:packages.subscriptions')}
              </h2>
              <div className={styles.grid}>
                {offers.filter((o) => o.kind === 'subscription').map(card)}
              </div>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
