import { ButtonLink } from '../../../components/ui/button';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { useT } from '../../../lib/i18n';
import styles from './library.module.css';
import '../../../locales/clips';

/** Whose clip this is: the channel's logo and name, and the way on to the game and the site. */
export function SharedClipBrand({ eventId }: { eventId: number }) {
  const { t } = useT();
  const settings = useBootstrap().data?.settings;
  const channel = settings?.channel_name ?? '';
  return (
    <aside className={styles.brand} aria-label={t('clips:shared.brandLabel')}>
      {settings?.logo_url ? (
        <img src={settings.logo_url} alt="" className={styles.brandLogo} />
      ) : null}
      <div className={styles.brandText}>
        <p className={styles.brandName}>{t('clips:shared.from', { channel })}</p>
        <p className={styles.brandLine}>{t('clips:shared.pitch')}</p>
      </div>
      <div className={styles.brandActions}>
        <ButtonLink to={`/watch/${eventId}`} size="s">
          {t('clips:shared.fullGame')}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" size="s">
          {t('clips:shared.moreGames')}
        </ButtonLink>
      </div>
    </aside>
  );
}
