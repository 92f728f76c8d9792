import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:verifyNotice.title')}
      subtitle={t('auth:verifyNotice.subtitle')}
      notice={t('auth:verifyNotice.unavailable')}
      shape="form"
    />
  );
}
