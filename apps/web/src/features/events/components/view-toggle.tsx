import { useT } from '../../../lib/i18n';
import type { EventsView } from '../hooks/use-event-listing';
import styles from './view-toggle.module.css';

export function ViewToggle({
  view,
  onChange,
}: {
  view: EventsView;
  onChange: (v: EventsView) => void;
}) {
  const { t } = useT();
  return (
    <div className={styles.toggle} role="group" aria-label={t('events:view.label')}>
      <button type="button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        <span aria-hidden="true" className={styles.iconGrid} />
        {t('events:view.grid')}
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <span aria-hidden="true" className={styles.iconList} />
        {t('events:view.list')}
      </button>
    </div>
  );
}
