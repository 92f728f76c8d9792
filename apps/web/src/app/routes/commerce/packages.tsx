import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('commerce:packages.title')}
      subtitle={t('commerce:packages.subtitle')}
      notice={t('commerce:packages.unavailable')}
      shape="grid"
    />
  );
}
