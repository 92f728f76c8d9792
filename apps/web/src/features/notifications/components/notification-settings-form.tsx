import type { NotificationSettings } from '@rudy/contracts';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { SubmitButton } from '../../../components/ui/submit-button';
import { showToast } from '../../../components/ui/toast-store';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import styles from './notification-settings.module.css';
import '../../../locales/account';

/** What to hear about the teams, schools and sports followed, and by which channel. */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useT();
  const mutation = useUpdateNotificationSettings();
  const { register, handleSubmit } = useForm<NotificationSettings>({ values: settings });
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => showToast({ message: t('account:alerts.saved'), type: 'success' }),
    }),
  );
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{t('account:alerts.intro')}</p>
      {mutation.isError && <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>}
      <fieldset className={styles.group}>
        <legend>{t('account:alerts.what')}</legend>
        <CheckboxField label={t('account:alerts.live')} {...register('live')} />
        <CheckboxField label={t('account:alerts.tomorrow')} {...register('tomorrow')} />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('account:alerts.how')}</legend>
        <CheckboxField label={t('account:alerts.email')} {...register('email')} />
      </fieldset>
      <SubmitButton
        isPending={mutation.isPending}
        pendingLabel={t('account:edit.saving')}
        wide={false}
      >
        {t('account:edit.save')}
      </SubmitButton>
    </form>
  );
}
