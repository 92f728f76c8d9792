import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('library:watchLibrary.title')}
      subtitle={t('library:watchLibrary.subtitle')}
      notice={t('library:watchLibrary.unavailable')}
      shape="player"
    />
  );
}
