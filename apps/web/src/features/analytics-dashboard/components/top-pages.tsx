import { isSitePath, type AnalyticsDashboard } from '@rudy/contracts';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import type { Figures } from '../hooks/use-figures';
import styles from './dashboard.module.css';

export function TopPages({
  pages,
  figures,
}: {
  pages: AnalyticsDashboard['top_pages'];
  figures: Figures;
}) {
  const { t } = useT();
  return (
    <section className={styles.panel} aria-labelledby="top-pages">
      <h2 id="top-pages" className={styles.panelTitle}>
        {t('admin:analytics.pages.title')}
      </h2>
      {pages.length === 0 ? (
        <p className={styles.empty}>{t('admin:analytics.pages.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('admin:analytics.pages.path')}</th>
              <th scope="col" className={styles.num}>
                {t('admin:analytics.pages.visits')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.path}>
                <th scope="row" className={styles.nameCell}>
                  {/* Paths are what visitors' browsers reported: only this site's are links. */}
                  {isSitePath(p.path) ? (
                    <Link
                      className={styles.name}
                      to={p.path}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {p.path}
                    </Link>
                  ) : (
                    <span className={styles.name}>{p.path}</span>
                  )}
                </th>
                <td className={styles.num}>{figures.count(p.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
