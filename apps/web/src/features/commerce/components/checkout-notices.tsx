import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { useT } from '../../../lib/i18n';
import { usePaymentsConfig } from '../api/payments-config';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * Says so when no real money moves (the sandbox, or Stripe with test keys): the public test card
 * pays here, and a visitor must not take this site for a real shop, nor an operator miss that
 * their deployment runs without a real processor.
 */
export function TestModeNotice() {
  const { t } = useT();
  const config = usePaymentsConfig().data;
  if (!config || !(config.test_mode || config.provider === 'sandbox')) return null;
  return (
    <div className={styles.testMode}>
      <FormAlert tone="info" title={t('commerce:buy.testMode.title')}>
        {t('commerce:buy.testMode.text')}
      </FormAlert>
    </div>
  );
}

/** A free trial needs a verified email (the server refuses it otherwise): said before paying. */
export function VerifyForTrialNotice() {
  const { t } = useT();
  return (
    <FormAlert tone="info" title={t('commerce:buy.verifyForTrial.title')}>
      {t('commerce:buy.verifyForTrial.text')}{' '}
      <Link to="/verify-notice">{t('commerce:buy.verifyForTrial.link')}</Link>
    </FormAlert>
  );
}
