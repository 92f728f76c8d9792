import { ReferenceDataScreen } from '../../../features/admin-console/reference-data/components/reference-data-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/reference-data: sports, rinks and schools (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:referenceData.title')} · ${channel.name}`}</title>
      <ReferenceDataScreen timeZone={channel.time_zone} />
    </>
  );
}
