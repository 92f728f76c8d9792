import { useT } from '../../../lib/i18n';
import { numericIdLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = numericIdLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('commerce:selectPackage.title')}
      subtitle={t('commerce:selectPackage.subtitle')}
      notice={t('commerce:selectPackage.unavailable')}
      shape="grid"
    />
  );
}
