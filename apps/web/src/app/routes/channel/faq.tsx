import { faqQueryOptions } from '../../../features/channel/api/get-faq';
import { FaqList } from '../../../features/channel/components/faq-list';
import { queryClient } from '../../../lib/query-client';
import { KindPage } from './channel-page-route';

export function loader() {
  void queryClient.prefetchQuery(faqQueryOptions());
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
