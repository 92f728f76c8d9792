import { useT } from '../../../lib/i18n';
import { guestOnlyLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = guestOnlyLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      notice={t('auth:login.unavailable')}
      shape="form"
    />
  );
}
