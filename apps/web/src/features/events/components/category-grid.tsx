import type { EventCategory } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import styles from './category-grid.module.css';

export function CategoryGrid({ categories }: { categories: EventCategory[] }) {
  const { t } = useT();
  if (categories.length === 0) return null;
  const sorted = [...categories].sort((a, b) => a.position - b.position);
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={styles.title}>
        {t('events:categories.title')}
      </h2>
      <ul className={styles.grid}>
        {sorted.map((category) => (
          <li key={category.id}>
            <Link to={`/schedule?category_id=${category.id}`} className={styles.tile}>
              {category.image_url ? (
                <img src={category.image_url} alt="" loading="lazy" className={styles.image} />
              ) : null}
              <span className={styles.name}>{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
