import type { Settings, StaticBlock } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { LanguageSwitcher } from '../../../components/ui/language-switcher';
import { SafeHtml } from '../../../components/ui/safe-html';
import { MenuLink, type NavItem } from './menu-link';
import styles from './site-footer.module.css';

export function SiteFooter({
  settings,
  items,
  about,
}: {
  settings: Settings | undefined;
  items: NavItem[];
  /**
   * The channel's `footer_about` block (its text; the title is the channel's name); without one
   * the footer keeps its own tagline.
   */
  about?: StaticBlock;
}) {
  const { t } = useT();
  const channelName = settings?.channel_name ?? '';
  return (
    <footer className={styles.footer}>
      <div className={`page-container ${styles.grid}`}>
        <div className={styles.about}>
          {settings?.logo_url ? (
            <img src={settings.logo_url} alt={channelName} className={styles.logo} />
          ) : (
            <p className={styles.name}>{channelName}</p>
          )}
          {/* The block's text under the channel's name, as the settings say it today: the
              block's own title was a second copy of the name that a rename left behind. */}
          {about ? (
            <div className={styles.tagline}>
              {settings?.logo_url ? <h2 className={styles.aboutTitle}>{channelName}</h2> : null}
              <SafeHtml html={about.content} className={styles.aboutText} />
            </div>
          ) : (
            <p className={styles.tagline}>{t('layout:footer.tagline')}</p>
          )}
          {settings && settings.social_links.length > 0 ? (
            <ul className={styles.social} aria-label={t('layout:footer.social')}>
              {settings.social_links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {items.length > 0 ? (
          <nav aria-label={t('layout:footer.navigation')}>
            <h2 className={styles.heading}>{t('layout:footer.links')}</h2>
            <ul className={styles.links}>
              {items.map((item) => (
                <li key={item.key}>
                  <MenuLink item={item} className={styles.link} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div>
          <h2 className={styles.heading}>{t('common:language.label')}</h2>
          <LanguageSwitcher />
          {settings?.contact_email ? (
            <p className={styles.contact}>
              <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
            </p>
          ) : null}
        </div>
      </div>
      <div className={`page-container ${styles.bottom}`}>
        <p>
          {t('layout:footer.copyright', { year: new Date().getFullYear(), channel: channelName })}
        </p>
      </div>
    </footer>
  );
}
