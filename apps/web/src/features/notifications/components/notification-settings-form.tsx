import type { NotificationSettings } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { SubmitButton } from '../../../components/ui/submit-button';
import { showToast } from '../../../components/ui/toast-store';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { pushConfigQueryOptions } from '../api/push-subscriptions';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { pushSupport, subscribeThisDevice, unsubscribeThisDevice } from '../lib/push-device';
import styles from './notification-settings.module.css';
import '../../../locales/account';

const KINDS = ['live', 'tomorrow'] as const;

/**
 * What to hear about the teams, schools and sports followed, and by which channel, per kind of
 * alert. Choosing push subscribes this browser (its permission prompt) before the choice is saved.
 */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useT();
  const mutation = useUpdateNotificationSettings();
  const push = useQuery(pushConfigQueryOptions());
  const [pushError, setPushError] = useState<string | null>(null);
  const support = pushSupport();
  const publicKey = push.data?.public_key ?? null;
  const canPush = support === 'supported' && publicKey !== null;
  const { register, handleSubmit } = useForm<NotificationSettings>({ values: settings });

  const onSubmit = handleSubmit(async (values) => {
    setPushError(null);
    const wantsPush = values.live.push || values.tomorrow.push;
    if (wantsPush && canPush && !(await subscribeThisDevice(publicKey).catch(() => false))) {
      setPushError(t('account:alerts.pushRefused'));
      return;
    }
    if (!wantsPush) await unsubscribeThisDevice().catch(() => undefined);
    mutation.mutate(values, {
      onSuccess: () => showToast({ message: t('account:alerts.saved'), type: 'success' }),
    });
  });

  const pushNote =
    support === 'unsupported'
      ? t('account:alerts.pushUnsupported')
      : support === 'denied'
        ? t('account:alerts.pushDenied')
        : push.data && publicKey === null
          ? t('account:alerts.pushOff')
          : null;

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{t('account:alerts.intro')}</p>
      {mutation.isError && <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>}
      {pushError && <FormAlert tone="error">{pushError}</FormAlert>}
      {KINDS.map((kind) => (
        <fieldset key={kind} className={styles.group}>
          <legend>{t(`account:alerts.${kind}`)}</legend>
          <CheckboxField label={t('account:alerts.email')} {...register(`${kind}.email`)} />
          <CheckboxField
            label={t('account:alerts.push')}
            disabled={!canPush}
            {...register(`${kind}.push`)}
          />
        </fieldset>
      ))}
      {pushNote && <p className={styles.note}>{pushNote}</p>}
      <SubmitButton
        isPending={mutation.isPending}
        pendingLabel={t('account:edit.saving')}
        wide={false}
        className={styles.save}
      >
        {t('account:edit.save')}
      </SubmitButton>
    </form>
  );
}
