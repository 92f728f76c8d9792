import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('commerce:simulate.title')}
      subtitle={t('commerce:simulate.subtitle')}
      notice={t('commerce:simulate.unavailable')}
      shape="form"
    />
  );
}
