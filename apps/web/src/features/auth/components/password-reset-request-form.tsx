import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorText, translateFieldMessage } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { ResetRequestFormSchema, type ResetRequestFormValues } from '../lib/auth-schemas';
import styles from './auth-card.module.css';
import '../../../locales/sign-in';

/** Asks for a reset link. The answer never says whether the account exists. */
export function PasswordResetRequestForm() {
  const { t } = useT();
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ResetRequestFormValues>({
    resolver: zodResolver(ResetRequestFormSchema),
    defaultValues: { email: '' },
  });

  if (mutation.isSuccess) {
    return (
      <>
        <FormAlert tone="success" title={t('sign-in:passwordResetRequest.sentTitle')}>
          {t('sign-in:passwordResetRequest.sent', { email: getValues('email') })}
        </FormAlert>
        <Link to="/login" className={styles.link}>
          {t('sign-in:passwordResetRequest.backToLogin')}
        </Link>
      </>
    );
  }

  const onSubmit = handleSubmit((values) => mutation.mutate(values));
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {mutation.isError ? (
        <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>
      ) : null}
      <TextField
        label={t('sign-in:fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={translateFieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <SubmitButton
        isPending={mutation.isPending}
        pendingLabel={t('sign-in:passwordResetRequest.pending')}
      >
        {t('sign-in:passwordResetRequest.submit')}
      </SubmitButton>
    </form>
  );
}
