import { useT } from '../../lib/i18n';
import { ButtonLink } from './button';
import styles from './unavailable-notice.module.css';

export type OutlineShape = 'form' | 'player' | 'grid' | 'list' | 'tabs';

/**
 * Screens whose data is not served yet keep their final frame and say so plainly: an outline of
 * where the content will sit (no fields, no numbers) and an honest notice.
 */
export function UnavailableNotice({ title, shape }: { title: string; shape: OutlineShape }) {
  const { t } = useT();
  return (
    <section className={styles.wrap} aria-labelledby="unavailable-title">
      <div className={`${styles.outline} ${styles[shape]}`} aria-hidden="true">
        {Array.from({ length: shape === 'grid' ? 6 : shape === 'player' ? 1 : 4 }, (_, i) => (
          <span key={i} className={styles.block} />
        ))}
      </div>
      <div className={styles.notice} role="status">
        <span className={styles.badge}>{t('common:unavailable.badge')}</span>
        <h2 id="unavailable-title" className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{t('common:unavailable.text')}</p>
        <ButtonLink to="/" variant="secondary" size="s">
          {t('common:actions.backHome')}
        </ButtonLink>
      </div>
    </section>
  );
}
