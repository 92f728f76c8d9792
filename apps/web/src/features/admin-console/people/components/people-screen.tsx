import { useState } from 'react';
import '../../../../locales/admin-people';
import { useT } from '../../../../lib/i18n';
import styles from '../../shared/components/console.module.css';
import { AdminsTab } from './admins-tab';
import { ViewersTab } from './viewers-tab';

/** The channel's people: viewers (search, holdings, block) and admins (invite, remove). */
export function PeopleScreen() {
  const { t } = useT();
  const [tab, setTab] = useState<'viewers' | 'admins'>('viewers');
  return (
    <section className={styles.screen} aria-labelledby="people-title">
      <div className={styles.head}>
        <h1 id="people-title">{t('admin-people:title')}</h1>
      </div>
      <div className={styles.tabs} role="group" aria-label={t('admin-people:tabs.label')}>
        {(['viewers', 'admins'] as const).map((x) => (
          <button
            key={x}
            type="button"
            className={styles.tab}
            aria-pressed={tab === x}
            onClick={() => setTab(x)}
          >
            {t(`admin-people:tabs.${x}`)}
          </button>
        ))}
      </div>
      {tab === 'viewers' ? <ViewersTab /> : <AdminsTab />}
    </section>
  );
}
