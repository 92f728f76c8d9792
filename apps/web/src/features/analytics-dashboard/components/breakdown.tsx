import type { AnalyticsDashboard } from '@rudy/contracts';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { Figures } from '../hooks/use-figures';
import styles from './dashboard.module.css';

const TABS = ['games', 'teams', 'sports', 'schools'] as const;
type Tab = (typeof TABS)[number];

/** Watch time by game, team, sport or school, each row with a bar of its share. */
export function WatchBreakdown({
  watch,
  figures,
}: {
  watch: AnalyticsDashboard['watch_time'];
  figures: Figures;
}) {
  const { t } = useT();
  const [tab, setTab] = useState<Tab>('games');
  const rows = watch[tab].map((r) => ({
    key: 'id' in r ? String(r.id) : r.name,
    name: r.name,
    seconds: r.seconds,
    views: 'views' in r ? r.views : null,
  }));
  const top = Math.max(1, ...rows.map((r) => r.seconds));
  return (
    <section className={styles.panel} aria-labelledby="watch-breakdown">
      <div className={styles.panelHead}>
        <h2 id="watch-breakdown" className={styles.panelTitle}>
          {t('admin:analytics.breakdown.title')}
        </h2>
        <div className={styles.tabs} role="group" aria-label={t('admin:analytics.breakdown.label')}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              className={styles.chip}
              aria-pressed={tab === name}
              onClick={() => setTab(name)}
            >
              {t(`admin:analytics.breakdown.${name}`)}
            </button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('admin:analytics.breakdown.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('admin:analytics.breakdown.name')}</th>
              <th scope="col" className={styles.num}>
                {t('admin:analytics.breakdown.time')}
              </th>
              {tab === 'games' ? (
                <th scope="col" className={styles.num}>
                  {t('admin:analytics.breakdown.views')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className={styles.nameCell}>
                  <span className={styles.name}>{r.name}</span>
                  <span
                    className={styles.bar}
                    style={{ width: `${Math.round((r.seconds / top) * 100)}%` }}
                    aria-hidden="true"
                  />
                </th>
                <td className={styles.num}>{figures.duration(r.seconds)}</td>
                {tab === 'games' ? (
                  <td className={styles.num}>{figures.count(r.views ?? 0)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
