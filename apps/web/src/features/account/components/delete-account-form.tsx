import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@rudy/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import {
  apiErrorText,
  applyServerFieldErrors,
  isFieldError,
  translateFieldMessage,
} from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useDeleteAccount } from '../api/delete-account';
import { deletionProofSchema, type DeletionProofValues } from '../lib/profile-schemas';
import styles from './profile-edit.module.css';
import '../../../locales/account';
import '../../../locales/sign-in';

/**
 * The last step before the account goes: the password proves it is the owner; an account
 * without a password (social sign-in only) types its email instead.
 */
export function DeleteAccountForm({ user, onDeleted }: { user: Profile; onDeleted: () => void }) {
  const { t } = useT();
  const mutation = useDeleteAccount();
  const byPassword = user.has_password;
  const schema = useMemo(() => deletionProofSchema(user), [user]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeletionProofValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(byPassword ? { password: values.password } : { email: values.email }, {
      onSuccess: onDeleted,
      onError: (error) =>
        applyServerFieldErrors(error, setError, [byPassword ? 'password' : 'email']),
    }),
  );

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {mutation.isError && !isFieldError(mutation.error) ? (
        <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>
      ) : null}
      {byPassword ? (
        <PasswordField
          label={t('sign-in:fields.password')}
          autoComplete="current-password"
          error={translateFieldMessage(t, errors.password?.message)}
          {...register('password')}
        />
      ) : (
        <TextField
          label={t('account:deletion.emailLabel')}
          type="email"
          autoComplete="off"
          hint={t('account:deletion.emailHint', { email: user.email })}
          error={translateFieldMessage(t, errors.email?.message)}
          {...register('email')}
        />
      )}
      <div className={styles.footer}>
        <ButtonLink to="/profile/edit" variant="ghost">
          {t('account:deletion.cancel')}
        </ButtonLink>
        <SubmitButton
          isPending={mutation.isPending}
          pendingLabel={t('account:deletion.pending')}
          wide={false}
          className={styles.dangerButton}
        >
          {t('account:deletion.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
