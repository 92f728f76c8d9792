import { useT } from '../../../lib/i18n';
import { PlaceholderScreen } from '../placeholder-screen';

export function Component() {
  const { t } = useT();
  return (
    <PlaceholderScreen
      title={t('library:vodLibrary.title')}
      subtitle={t('library:vodLibrary.subtitle')}
      notice={t('library:vodLibrary.unavailable')}
      shape="grid"
    />
  );
}
