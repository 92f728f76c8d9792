import { useT } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { ChannelPageView } from '../../../features/channel/components/channel-page-view';
import { FaqList } from '../../../features/channel/components/faq-list';
import { findPageByUrl } from '../../../features/channel/hooks/channel-navigation';

/** A route added at start-up for a channel page or menu url the static table does not serve. */
export function Component() {
  const { t } = useT();
  const { pathname } = useLocation();
  const bootstrap = useBootstrap();
  const summary = findPageByUrl(bootstrap.data?.pages ?? [], pathname);
  return (
    <ChannelPageView
      summary={summary}
      isIndexLoading={bootstrap.isPending}
      fallbackTitle={t('channel:titles.custom')}
    >
      {summary?.kind === 'faq' ? <FaqList /> : null}
    </ChannelPageView>
  );
}
