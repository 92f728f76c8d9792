import { useT } from '../../../lib/i18n';
import { guestOnlyLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = guestOnlyLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:passwordReset.title')}
      subtitle={t('auth:passwordReset.subtitle')}
      notice={t('auth:passwordReset.unavailable')}
      shape="form"
    />
  );
}
