import { useT } from '../../../lib/i18n';
import { ButtonLink } from '../../../components/ui/button';
import styles from './not-found.module.css';

export function Component() {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <title>{t('errors:notFound.title')}</title>
      <p className={styles.hmm} aria-hidden="true">
        {t('errors:notFound.hmm')}
      </p>
      <h1 className={styles.game}>{t('errors:notFound.game')}</h1>
      <p className={styles.title}>{t('errors:notFound.title')}</p>
      <p className={styles.lost}>{t('errors:notFound.lost')}</p>
      <ButtonLink to="/" className={styles.cta}>
        {t('errors:notFound.home')}
      </ButtonLink>
    </div>
  );
}
