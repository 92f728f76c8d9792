import type { Settings } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import styles from './contact-details.module.css';

export function ContactDetails({ settings }: { settings: Settings | undefined }) {
  const { t } = useT();
  if (!settings?.contact_email && !settings?.social_links.length) return null;
  return (
    <section className={styles.card} aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className={styles.title}>
        {t('channel:contacts.reachUs')}
      </h2>
      {settings.contact_email ? (
        <p>
          <span className={styles.label}>{t('channel:contacts.email')}</span>
          <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
        </p>
      ) : null}
      {settings.social_links.length > 0 ? (
        <p>
          <span className={styles.label}>{t('channel:contacts.social')}</span>
          {settings.social_links.map((link, i) => (
            <span key={link.url}>
              {i > 0 ? ' · ' : ''}
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
