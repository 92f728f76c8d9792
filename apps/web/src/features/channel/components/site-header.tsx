import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher';
import { MenuLink, type NavItem } from './menu-link';
import styles from './site-header.module.css';

export function SiteHeader({
  channelName,
  logoUrl,
  items,
  accountSlot,
}: {
  channelName: string;
  logoUrl: string | null;
  items: NavItem[];
  accountSlot?: ReactNode;
}) {
  const { t } = useT();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so choosing a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and hands the focus back to the button that opened it.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <header className={styles.header}>
      <div className={`page-container ${styles.inner}`}>
        <Link
          to="/"
          className={styles.brand}
          aria-label={t('layout:header.home', { channel: channelName })}
        >
          {logoUrl ? <img src={logoUrl} alt="" className={styles.logo} /> : null}
          <span className={logoUrl ? 'visually-hidden' : styles.name}>{channelName}</span>
        </Link>
        <nav
          id="main-navigation"
          className={styles.nav}
          data-open={isOpen}
          aria-label={t('layout:header.navigation')}
        >
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.key}>
                <MenuLink item={item} className={styles.link} />
              </li>
            ))}
          </ul>
          <div className={styles.drawerExtras}>
            <LanguageSwitcher />
          </div>
        </nav>
        <div className={styles.end}>
          <LanguageSwitcher className={styles.wideOnly} />
          {accountSlot}
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={isOpen}
            aria-controls="main-navigation"
            onClick={() => setOpenOn(isOpen ? null : pathname)}
          >
            <span className={styles.burger} data-open={isOpen} aria-hidden="true" />
            <span className="visually-hidden">
              {isOpen ? t('layout:header.closeMenu') : t('layout:header.openMenu')}
            </span>
          </button>
        </div>
      </div>
    </header>
  );
}
