import type { PageSummary } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { ChannelPageView } from '../../../features/channel/components/channel-page-view';
import { findPageByKind, findPageByUrl } from '../../../features/channel/hooks/channel-navigation';

type Kind = Exclude<PageSummary['kind'], 'custom'>;

/** A fixed channel page: found by its url first, then by its kind (a channel may rename the url). */
export function KindPage({
  kind,
  url,
  children,
  hideMissing,
}: {
  kind: Kind;
  url: string;
  children?: ReactNode;
  hideMissing?: boolean;
}) {
  const { t } = useT();
  const bootstrap = useBootstrap();
  const pages = bootstrap.data?.pages ?? [];
  const summary = findPageByUrl(pages, url) ?? findPageByKind(pages, kind);
  return (
    <ChannelPageView
      summary={summary}
      isIndexLoading={bootstrap.isPending}
      fallbackTitle={t(`channel:titles.${kind}`)}
      hideMissing={hideMissing}
    >
      {children}
    </ChannelPageView>
  );
}
