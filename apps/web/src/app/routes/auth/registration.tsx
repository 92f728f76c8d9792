import { useT } from '../../../lib/i18n';
import { guestOnlyLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = guestOnlyLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:registration.title')}
      subtitle={t('auth:registration.subtitle')}
      notice={t('auth:registration.unavailable')}
      shape="form"
    />
  );
}
