import { useT } from '../../../lib/i18n';
import { UnavailableNotice } from '../../../components/ui/unavailable-notice';

export function Component() {
  const { t } = useT();
  return <UnavailableNotice title={t('account:tabs.passesUnavailable')} shape="list" />;
}
