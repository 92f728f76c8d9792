import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('account:deletion.title')}
      subtitle={t('account:deletion.subtitle')}
      notice={t('account:deletion.unavailable')}
      shape="form"
    />
  );
}
