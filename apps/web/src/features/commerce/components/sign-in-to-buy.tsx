import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/** Anonymous visitors sign in or register first; login brings them back here (return_to). */
export function SignInToBuy() {
  const { t } = useT();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <StatusMessage
      tone="info"
      title={t('commerce:buy.signIn.title')}
      description={t('commerce:buy.signIn.text')}
      action={
        <div className={styles.signInActions}>
          <ButtonLink to={`/login?${new URLSearchParams({ return_to: back }).toString()}`}>
            {t('commerce:buy.signIn.login')}
          </ButtonLink>
          <ButtonLink to="/registration" variant="secondary">
            {t('commerce:buy.signIn.register')}
          </ButtonLink>
        </div>
      }
    />
  );
}
