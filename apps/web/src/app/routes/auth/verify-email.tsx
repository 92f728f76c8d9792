import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:verifyEmail.title')}
      subtitle={t('auth:verifyEmail.subtitle')}
      notice={t('auth:verifyEmail.unavailable')}
      shape="form"
    />
  );
}
