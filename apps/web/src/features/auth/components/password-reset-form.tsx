import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { isApiError } from '../../../lib/api-error';
import {
  apiErrorText,
  applyServerFieldErrors,
  translateFieldMessage,
} from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useResetPassword } from '../api/reset-password';
import type { SignedLinkParams } from '../api/verify-email';
import { NewPasswordFormSchema, type NewPasswordFormValues } from '../lib/auth-schemas';
import styles from './auth-card.module.css';
import { PasswordStrengthMeter } from './password-strength-meter';
import '../../../locales/sign-in';

/** Links that cannot work any more: the way out is a new link. */
const DEAD_LINK_CODES = new Set(['reset_key_expired', 'reset_failed', 'user_not_found']);
const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * What the alert says, if anything: password messages sit at their fields; a link the server
 * cannot read (validation_failed on email, expires or signature) is a failed reset.
 */
function alertCode(error: unknown): string | null {
  if (!isApiError(error)) return error ? 'generic' : null;
  if (error.code !== 'validation_failed') return error.code;
  const onLink = Object.keys(error.errors ?? {}).some(
    (f) => !(FIELDS as readonly string[]).includes(f),
  );
  return onLink ? 'reset_failed' : null;
}

export function PasswordResetForm({
  link,
  onDone,
}: {
  link: SignedLinkParams;
  onDone: () => void;
}) {
  const { t } = useT();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const code = alertCode(mutation.error);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { link, ...values },
      {
        onSuccess: onDone,
        onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
      },
    ),
  );

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {code ? (
        <FormAlert tone="error">
          {code === 'reset_failed'
            ? t('auth:serverErrors.reset_failed')
            : apiErrorText(t, mutation.error)}
          {DEAD_LINK_CODES.has(code) ? (
            <>
              {' '}
              <Link to="/password-reset-request" className={styles.link}>
                {t('sign-in:passwordReset.newLink')}
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <PasswordField
        label={t('sign-in:fields.newPassword')}
        autoComplete="new-password"
        error={translateFieldMessage(t, errors.password?.message)}
        hint={<PasswordStrengthMeter password={password} />}
        {...register('password')}
      />
      <PasswordField
        label={t('sign-in:fields.passwordConfirmation')}
        autoComplete="new-password"
        error={translateFieldMessage(t, errors.password_confirmation?.message)}
        {...register('password_confirmation')}
      />
      <SubmitButton
        isPending={mutation.isPending}
        pendingLabel={t('sign-in:passwordReset.pending')}
      >
        {t('sign-in:passwordReset.submit')}
      </SubmitButton>
    </form>
  );
}
