import { NavLink, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import type { ListingKind } from '../lib/events-query';
import styles from './listing-tabs.module.css';
import '../../../locales/listings';

const KINDS: readonly ListingKind[] = ['live', 'upcoming', 'vod', 'schedule'];

/** The four listings, keeping the filters: a team's page moves from its replays to its schedule. */
export function ListingTabs() {
  const { t } = useT();
  const [params] = useSearchParams();
  const search = params.toString();
  return (
    <nav className={styles.tabs} aria-label={t('listings:tabs.label')}>
      {KINDS.map((kind) => (
        <NavLink
          key={kind}
          to={{ pathname: `/${kind}`, search: search ? `?${search}` : '' }}
          className={styles.tab}
        >
          {t(`listings:listing.${kind}.tab`)}
        </NavLink>
      ))}
    </nav>
  );
}
