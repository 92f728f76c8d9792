import type { EventCategory } from '@rudy/contracts';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { withFilter } from '../lib/listing-params';
import styles from './category-filter.module.css';

/** Sport chips that narrow a listing through `category_id`, keeping the other filters. */
export function CategoryFilter({
  categories,
  activeId,
}: {
  categories: EventCategory[];
  activeId: number | null;
}) {
  const { t } = useT();
  const [params] = useSearchParams();
  if (categories.length < 2) return null;
  const sorted = [...categories].sort((a, b) => a.position - b.position);
  const to = (id: number | null) => `?${withFilter(params, 'category_id', id).toString()}`;
  return (
    <nav className={styles.filter} aria-label={t('events:filter.label')}>
      <Link
        to={to(null)}
        className={styles.chip}
        aria-current={activeId === null ? 'true' : undefined}
        preventScrollReset
      >
        {t('events:filter.all')}
      </Link>
      {sorted.map((category) => (
        <Link
          key={category.id}
          to={to(category.id)}
          className={styles.chip}
          aria-current={activeId === category.id ? 'true' : undefined}
          preventScrollReset
        >
          {category.name}
        </Link>
      ))}
    </nav>
  );
}
