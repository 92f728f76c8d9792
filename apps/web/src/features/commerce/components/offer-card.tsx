import { Button, ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useMoney } from '../hooks/use-money';
import { buyPath } from '../lib/buy-selection';
import { monthlyCost, type Access, type Offer } from '../lib/offer-value';
import styles from './offer-card.module.css';
import '../../../locales/commerce';

/**
 * One pass or subscription: price with its fee and period, what it gives and what it lacks among
 * the page's features (so cards compare honestly), and the way to buy it.
 */
export function OfferCard({
  offer,
  isPremium,
  isBestValue,
  features,
}: {
  offer: Offer;
  /** The spec's premium look (highest base price). */
  isPremium: boolean;
  /** Labelled "Best value" (lib/offer-value.ts). */
  isBestValue: boolean;
  /** Every access on sale on the page: each card says whether it grants it. */
  features: readonly Access[];
}) {
  const { t } = useT();
  const money = useMoney();
  const { item } = offer;
  const disabled = offer.kind === 'package' && offer.item.disabled;
  const trialDays = offer.kind === 'subscription' ? offer.item.trial_period : 0;
  const headingId = `offer-${offer.kind}-${item.id}`;
  const perMonth = monthlyCost(offer);
  const href =
    offer.kind === 'package'
      ? buyPath({ kind: 'package', packageIds: [item.id] })
      : buyPath({ kind: 'subscription', subscriptionId: item.id });

  return (
    <article
      className={[styles.card, isPremium ? styles.premium : '', disabled ? styles.disabled : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      {item.image ? <img className={styles.image} src={item.image} alt="" /> : null}
      <div className={styles.body}>
        <div className={styles.badges}>
          {isBestValue ? (
            <span className={styles.premiumBadge}>{t('commerce:packages.bestValue')}</span>
          ) : null}
          {offer.kind === 'package' && offer.item.is_team_pass ? (
            <span className={styles.badge}>{t('commerce:packages.teamPass')}</span>
          ) : null}
          {offer.kind === 'package' && offer.item.pass_type === 'addon' ? (
            <span className={styles.badge}>{t('commerce:packages.addon')}</span>
          ) : null}
          {trialDays > 0 ? (
            <span className={styles.badge}>
              {t('commerce:price.trialDays', { count: trialDays })}
            </span>
          ) : null}
          {item.purchased ? (
            <span className={styles.purchasedBadge}>{t('commerce:packages.purchased')}</span>
          ) : null}
        </div>
        <h3 id={headingId} className={styles.name}>
          {item.name}
        </h3>
        <p className={styles.price}>
          <span className={styles.amount}>{money(item.price, item.currency)}</span>
          {offer.kind === 'subscription' ? (
            <span className={styles.period}>
              {t(`commerce:price.perPeriod.${offer.item.period}`)}
            </span>
          ) : null}
        </p>
        {perMonth !== null && perMonth !== item.price ? (
          // A year's price next to a month's: the month it comes to, to compare.
          <p className={styles.fee}>
            {t('commerce:price.monthly', { amount: money(perMonth, item.currency) })}
          </p>
        ) : null}
        {item.service_fee > 0 ? (
          <p className={styles.fee}>
            {t('commerce:price.fee', { fee: money(item.service_fee, item.currency) })}
          </p>
        ) : null}
        {item.description ? <p className={styles.description}>{item.description}</p> : null}
        {features.length > 0 ? (
          <ul className={styles.accesses}>
            {features.map((access) =>
              item.accesses.includes(access) ? (
                <li key={access}>{t(`commerce:access.${access}`)}</li>
              ) : (
                <li key={access} className={styles.missing}>
                  <span className="visually-hidden">{t('commerce:packages.notIncluded')} </span>
                  {t(`commerce:access.${access}`)}
                </li>
              ),
            )}
          </ul>
        ) : null}
        <div className={styles.action}>
          {disabled ? (
            <Button variant="secondary" disabled>
              {t('commerce:packages.basicDisabled')}
            </Button>
          ) : item.purchased ? (
            <Button variant="secondary" disabled>
              {t('commerce:packages.owned')}
            </Button>
          ) : (
            <ButtonLink to={href} variant={isPremium ? 'primary' : 'secondary'}>
              {offer.kind === 'package'
                ? t('commerce:packages.buy')
                : trialDays > 0
                  ? t('commerce:packages.startTrial')
                  : t('commerce:packages.subscribe')}
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
