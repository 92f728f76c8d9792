import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('commerce:buy.title')}
      subtitle={t('commerce:buy.subtitle')}
      notice={t('commerce:buy.unavailable')}
      shape="form"
    />
  );
}
