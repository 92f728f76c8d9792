import { SeasonImportScreen } from '../../../features/admin-console/games/components/season-import-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/games/import: a season's games from a CSV file (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:seasonImport.title')} · ${channel.name}`}</title>
      <SeasonImportScreen />
    </>
  );
}
