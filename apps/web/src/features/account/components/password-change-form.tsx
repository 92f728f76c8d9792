import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@rudy/contracts';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { showToast } from '../../../components/ui/toast-store';
import {
  apiErrorText,
  applyServerFieldErrors,
  isFieldError,
  translateFieldMessage,
} from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';
import {
  needsCurrentPassword,
  passwordFormSchema,
  type PasswordFormValues,
} from '../lib/profile-schemas';
import styles from './profile-edit.module.css';
import '../../../locales/account';
import '../../../locales/sign-in';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** A new password; the server ends the account's other sessions when it changes. */
export function PasswordChangeForm({
  user,
  onSaved,
  strengthHint,
}: {
  user: Profile;
  onSaved: (user: Profile) => void;
  /** Rendered under the new password, given its current value. */
  strengthHint?: (password: string) => ReactNode;
}) {
  const { t } = useT();
  const mutation = useUpdateProfile();
  const schema = useMemo(() => passwordFormSchema(user), [user]);
  const asksCurrent = needsCurrentPassword(user);
  const { register, handleSubmit, setError, reset, control, formState } =
    useForm<PasswordFormValues>({
      resolver: zodResolver(schema),
      defaultValues: { current_password: '', password: '', password_confirmation: '' },
    });
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });
  const message = (text: string | undefined) => translateFieldMessage(t, text);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      {
        password: values.password,
        password_confirmation: values.password_confirmation,
        ...(asksCurrent ? { current_password: values.current_password } : {}),
      },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          reset();
          showToast({ type: 'success', message: t('account:password.saved') });
        },
        onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
      },
    ),
  );

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {mutation.isError && !isFieldError(mutation.error) ? (
        <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>
      ) : null}
      {asksCurrent ? (
        <PasswordField
          label={t('sign-in:fields.currentPassword')}
          autoComplete="current-password"
          error={message(errors.current_password?.message)}
          {...register('current_password')}
        />
      ) : null}
      <div className={formStyles.row}>
        <PasswordField
          label={t('sign-in:fields.newPassword')}
          autoComplete="new-password"
          error={message(errors.password?.message)}
          hint={strengthHint?.(password)}
          {...register('password')}
        />
        <PasswordField
          label={t('sign-in:fields.passwordConfirmation')}
          autoComplete="new-password"
          error={message(errors.password_confirmation?.message)}
          {...register('password_confirmation')}
        />
      </div>
      <div className={styles.footer}>
        <SubmitButton
          isPending={mutation.isPending}
          pendingLabel={t('account:edit.saving')}
          wide={false}
        >
          {t('account:password.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
