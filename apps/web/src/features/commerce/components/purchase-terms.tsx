import { useT } from '../../../lib/i18n';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * Spec section 9's terms, shown before paying: the trial terms (charged automatically unless
 * cancelled), the renewal periods for plans, and 'No refunds. All sales final.' for everything.
 */
export function PurchaseTerms({
  trial,
  isSubscription,
}: {
  trial: { days: number; amount: string } | null;
  isSubscription: boolean;
}) {
  const { t } = useT();
  return (
    <div className={styles.terms}>
      {trial ? <p>{t('commerce:buy.terms.trial', trial)}</p> : null}
      {isSubscription ? <p>{t('commerce:buy.terms.renewal')}</p> : null}
      <p className={styles.final}>{t('commerce:buy.terms.final')}</p>
    </div>
  );
}
