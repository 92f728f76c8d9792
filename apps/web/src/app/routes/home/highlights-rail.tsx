import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { HIGHLIGHTS_REQUEST, useVodItems } from '../../../features/vod/api/get-vod-items';
import type { VodRail as VodRailComponent } from '../../../features/vod/components/vod-rail';
import { useT } from '../../../lib/i18n';

// The library's rail and its texts (a lazy namespace) load only once there is a reel to show,
// so the home route's JavaScript stays within its budget; if that code cannot load, the page
// goes without the rail.
const VodRail = lazy<ComponentType<ComponentProps<typeof VodRailComponent>>>(() =>
  Promise.all([
    import('../../../features/vod/components/vod-rail'),
    import('../../../locales/library'),
  ]).then(
    ([module]) => ({ default: module.VodRail }),
    () => ({ default: () => null }),
  ),
);

/**
 * "Highlights" on the home page (issue 35): the channel's newest published highlights reels
 * (GET /vod-media-items?highlights=1), each card opening the reel's library video. Left out while
 * there is no reel to show: a league without any, or a listing that fails, costs the page
 * nothing (the library lists the same videos).
 */
export function HighlightsRail() {
  const { t } = useT();
  const reels = useVodItems(HIGHLIGHTS_REQUEST);
  const items = reels.data?.pages[0]?.data;
  if (!items?.length) return null;
  return (
    <Suspense fallback={null}>
      <VodRail id="highlights" title={t('home:rails.highlights')} items={items} />
    </Suspense>
  );
}
