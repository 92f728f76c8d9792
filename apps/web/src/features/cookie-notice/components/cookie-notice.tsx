import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SafeHtml } from '../../../components/ui/safe-html';
import { STORAGE_KEYS, getItem, setItem } from '../../../lib/storage';
import styles from './cookie-notice.module.css';

/** `text` is the channel's `cookie_notice` block (HTML, sanitised here); else the product's own text. */
export function CookieNotice({ privacyUrl, text }: { privacyUrl: string | null; text?: string }) {
  const { t } = useT();
  const [isDismissed, setDismissed] = useState(() => getItem(STORAGE_KEYS.cookieConsent) === true);
  if (isDismissed) return null;

  const dismiss = () => {
    setItem(STORAGE_KEYS.cookieConsent, true);
    setDismissed(true);
  };

  return (
    <section className={styles.notice} aria-label={t('layout:cookies.label')}>
      <p className={styles.text}>
        {text ? <SafeHtml as="span" html={text} /> : t('layout:cookies.text')}{' '}
        {privacyUrl ? (
          <Link to={privacyUrl} className={styles.link}>
            {t('layout:cookies.more')}
          </Link>
        ) : null}
      </p>
      <Button size="s" onClick={dismiss}>
        {t('layout:cookies.accept')}
      </Button>
    </section>
  );
}
