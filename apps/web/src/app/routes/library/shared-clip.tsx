import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('library:sharedClip.title')}
      subtitle={t('library:sharedClip.subtitle')}
      notice={t('library:sharedClip.unavailable')}
      shape="player"
    />
  );
}
