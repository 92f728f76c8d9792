import type { EventCategory } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import styles from './category-filter.module.css';

/** Sport chips that narrow a listing through the `category_id` query parameter. */
export function CategoryFilter({
  categories,
  activeId,
}: {
  categories: EventCategory[];
  activeId: number | null;
}) {
  const { t } = useT();
  if (categories.length < 2) return null;
  const sorted = [...categories].sort((a, b) => a.position - b.position);
  return (
    <nav className={styles.filter} aria-label={t('events:filter.label')}>
      <Link to="?" className={styles.chip} aria-current={activeId === null ? 'true' : undefined}>
        {t('events:filter.all')}
      </Link>
      {sorted.map((category) => (
        <Link
          key={category.id}
          to={`?category_id=${category.id}`}
          className={styles.chip}
          aria-current={activeId === category.id ? 'true' : undefined}
        >
          {category.name}
        </Link>
      ))}
    </nav>
  );
}
