import type { VodMediaCategory } from '@rudy/contracts';
import { ChipLinks } from '../../../components/ui/chip-links';
import chipStyles from '../../../components/ui/chip-links.module.css';
import { useT } from '../../../lib/i18n';

/** Category chips: "All" and each category that has videos; the URL holds the choice. */
export function VodCategoryNav({
  categories,
  activeId,
  linkTo,
}: {
  categories: VodMediaCategory[];
  activeId: number | null;
  /** The library's address with this category (null: all). */
  linkTo: (id: number | null) => string;
}) {
  const { t } = useT();
  const shown = categories.filter((c) => c.items_count > 0 || c.id === activeId);
  if (shown.length === 0) return null;
  return (
    <ChipLinks
      label={t('library:vodLibrary.categories')}
      chips={[
        {
          key: 'all',
          to: linkTo(null),
          label: t('library:vodLibrary.all'),
          isCurrent: activeId === null,
        },
        ...shown.map((c) => ({
          key: c.id,
          to: linkTo(c.id),
          label: (
            <>
              {c.name}
              <span className={chipStyles.count}>{c.items_count}</span>
            </>
          ),
          isCurrent: activeId === c.id,
        })),
      ]}
    />
  );
}
