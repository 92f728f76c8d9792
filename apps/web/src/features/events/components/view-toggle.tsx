import { useT } from '../../../lib/i18n';
import type { ListingView } from '../lib/listing-params';
import styles from './view-toggle.module.css';
import '../../../locales/listings';

const VIEWS: readonly ListingView[] = ['grid', 'list', 'calendar'];

export function ViewToggle({
  view,
  onChange,
  views = VIEWS,
}: {
  view: ListingView;
  onChange: (v: ListingView) => void;
  views?: readonly ListingView[];
}) {
  const { t } = useT();
  return (
    <div className={styles.toggle} role="group" aria-label={t('listings:view.label')}>
      {views.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          <span aria-hidden="true" className={styles[option]} />
          {t(`listings:view.${option}`)}
        </button>
      ))}
    </div>
  );
}
