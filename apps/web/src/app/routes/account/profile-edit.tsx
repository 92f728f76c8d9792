import { useT } from '../../../lib/i18n';
import { signedInLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = signedInLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('account:edit.title')}
      subtitle={t('account:edit.subtitle')}
      notice={t('account:edit.unavailable')}
      shape="form"
    />
  );
}
