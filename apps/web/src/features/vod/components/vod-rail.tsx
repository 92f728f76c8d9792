import { VOD_RAIL_CARD_WIDTH, VOD_RAIL_SCROLL_MS, type VodMediaItem } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { AutoRail, AutoRailItem } from '../../../components/ui/auto-rail';
import { useT } from '../../../lib/i18n';
import { VodCard, VodCardSkeleton } from './vod-card';

/** Spec section 9: a library rail moves every 5000 ms; its cards are 280 to 380 px wide. */
export function LibraryRail({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <AutoRail
      id={id}
      title={title}
      action={action}
      intervalMs={VOD_RAIL_SCROLL_MS}
      cardWidth={VOD_RAIL_CARD_WIDTH}
      labels={{
        previous: t('library:rail.previous', { title }),
        next: t('library:rail.next', { title }),
      }}
    >
      {children}
    </AutoRail>
  );
}

/** A rail of library videos. */
export function VodRail({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: VodMediaItem[];
}) {
  return (
    <LibraryRail id={id} title={title}>
      {items.map((item) => (
        <AutoRailItem key={item.id}>
          <VodCard item={item} />
        </AutoRailItem>
      ))}
    </LibraryRail>
  );
}

/** The library's rails while they load. */
export function VodRailSkeleton({ title }: { title: string }) {
  return (
    <LibraryRail id="vod-loading" title={title}>
      {[0, 1, 2, 3].map((i) => (
        <AutoRailItem key={i}>
          <VodCardSkeleton />
        </AutoRailItem>
      ))}
    </LibraryRail>
  );
}
