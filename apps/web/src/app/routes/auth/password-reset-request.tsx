import { useT } from '../../../lib/i18n';
import { guestOnlyLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = guestOnlyLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('auth:passwordResetRequest.title')}
      subtitle={t('auth:passwordResetRequest.subtitle')}
      notice={t('auth:passwordResetRequest.unavailable')}
      shape="form"
    />
  );
}
