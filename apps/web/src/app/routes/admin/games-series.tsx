import { SeriesScreen } from '../../../features/admin-console/games/components/series-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/games/series: recurring games (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:series.title')} · ${channel.name}`}</title>
      <SeriesScreen />
    </>
  );
}
