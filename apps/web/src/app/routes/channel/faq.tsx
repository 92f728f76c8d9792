import { faqQueryOptions } from '../../../features/channel/api/get-faq';
import { FaqList } from '../../../features/channel/components/faq-list';
import { queryClient } from '../../../lib/query-client';
import { KindPage } from './channel-page-route';

export function loader() {
  // Started here so the data loads while the route's code does; errors surface in the screen.
  void queryClient.query(faqQueryOptions()).catch(() => undefined);
  return null;
}

/** The FAQ list, below the channel's FAQ page text when it has one. */
export function Component() {
  return (
    <KindPage kind="faq" url="/faq" hideMissing>
      <FaqList />
    </KindPage>
  );
}
