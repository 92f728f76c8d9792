import { useT } from '../../../lib/i18n';
import { numericIdLoader } from '../../route-guards';
import { PlaceholderScreen } from '../placeholder-screen';

export const loader = numericIdLoader;

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('watch:watch.title')}
      subtitle={t('watch:watch.subtitle')}
      notice={t('watch:watch.unavailable')}
      shape="player"
    />
  );
}
