import { StatusMessage } from '../../../components/ui/status-message';
import { NotificationSettingsForm } from '../../../features/notifications/components/notification-settings-form';
import { useNotificationSettings } from '../../../features/notifications/api/get-notification-settings';
import { useT } from '../../../lib/i18n';
import '../../../locales/account';

export function Component() {
  const { t } = useT();
  const settings = useNotificationSettings();
  if (settings.data) return <NotificationSettingsForm settings={settings.data} />;
  return settings.isError ? (
    <StatusMessage tone="error" title={t('errors:generic')} />
  ) : (
    <StatusMessage tone="info" title={t('common:states.loading')} />
  );
}
