import type { VodMediaItem } from '@rudy/contracts';
import { AutoRailItem } from '../../../components/ui/auto-rail';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { flattenVodPages, useVodItems } from '../api/get-vod-items';
import { VodCard } from './vod-card';
import { LibraryRail, VodRailSkeleton } from './vod-rail';

/** A watch page's rail: the newest other videos of the same category (else of the library). */
export function VodRelated({ item }: { item: Pick<VodMediaItem, 'id' | 'category_id'> }) {
  const { t } = useT();
  const title = t('library:watch.related');
  const related = useVodItems(item.category_id !== null ? { category_id: item.category_id } : {});
  const items = flattenVodPages(related.data?.pages)?.filter((other) => other.id !== item.id);
  if (related.isPending) return <VodRailSkeleton title={title} />;
  if (!items) return <LoadError what={title} onRetry={() => void related.refetch()} />;
  if (items.length === 0) {
    return (
      <section aria-label={title}>
        <StatusMessage compact title={t('library:watch.relatedEmpty')} />
      </section>
    );
  }
  return (
    <LibraryRail id="vod-related" title={title}>
      {items.map((other) => (
        <AutoRailItem key={other.id}>
          <VodCard item={other} />
        </AutoRailItem>
      ))}
    </LibraryRail>
  );
}
