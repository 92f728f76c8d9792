import { GamesScreen } from '../../../features/admin-console/games/components/games-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/games: the console's games screen (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:games.title')} · ${channel.name}`}</title>
      <GamesScreen />
    </>
  );
}
