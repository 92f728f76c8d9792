import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useUserAccess } from '../api/get-user-access';
import { AccountEmptyState } from './account-empty-state';
import styles from './access-summary.module.css';
import '../../../locales/account';

const KNOWN = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const;
type Capability = (typeof KNOWN)[number];
const isKnown = (c: string): c is Capability => (KNOWN as readonly string[]).includes(c);

/**
 * The passes tab: what the user's active purchases allow (GET /user/access). Pass details arrive
 * with the commerce screens; until then an account without access sees the empty state.
 */
export function AccessSummary() {
  const { t } = useT();
  const access = useUserAccess();
  // Spec: capabilities are lower-cased into flags; vod_media is also written vod_media_access.
  const capabilities = (access.data?.capabilities ?? []).map((c) => {
    const flag = c.toLowerCase();
    return flag === 'vod_media_access' ? 'vod_media' : flag;
  });
  const known = [...new Set(capabilities.filter(isKnown))];
  if (access.isPending) return null;
  if (access.isError) {
    return <LoadError what={t('account:access.what')} onRetry={() => void access.refetch()} />;
  }
  if (known.length === 0) return <AccountEmptyState section="passes" />;
  return (
    <section className={styles.access} aria-labelledby="access-title">
      <h2 id="access-title" className={styles.title}>
        {t('account:access.title')}
      </h2>
      <ul className={styles.list}>
        {known.map((capability) => (
          <li key={capability} className={styles.item}>
            {t(`account:access.capabilities.${capability}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
