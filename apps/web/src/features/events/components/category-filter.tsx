import type { EventCategory } from '@rudy/contracts';
import { useSearchParams } from 'react-router';
import { ChipLinks } from '../../../components/ui/chip-links';
import { useT } from '../../../lib/i18n';
import { withFilter } from '../lib/listing-params';
import '../../../locales/listings';

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
    <ChipLinks
      label={t('listings:filter.label')}
      chips={[
        { key: 'all', to: to(null), label: t('listings:filter.all'), isCurrent: activeId === null },
        ...sorted.map((c) => ({
          key: c.id,
          to: to(c.id),
          label: c.name,
          isCurrent: activeId === c.id,
        })),
      ]}
    />
  );
}
