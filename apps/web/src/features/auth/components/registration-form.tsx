import { zodResolver } from '@hookform/resolvers/zod';
import { FIELD, type Profile } from '@rudy/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '../../../components/ui/checkbox-field';
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
import { useRegister } from '../api/register';
import { RegistrationFormSchema, type RegistrationFormValues } from '../lib/auth-schemas';
import { PasswordStrengthMeter } from './password-strength-meter';
import '../../../locales/sign-in';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'] as const;
const BY_CODE = { email_taken: 'email' } as const;

export function RegistrationForm({ onRegistered }: { onRegistered: (user: Profile) => void }) {
  const { t } = useT();
  const mutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RegistrationFormValues>({
    resolver: zodResolver(RegistrationFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      newsletter: false,
      terms_accepted: false,
    },
  });
  const password = useWatch({ control, name: 'password' });
  const message = (text: string | undefined) => translateFieldMessage(t, text);
  // Field errors from the server are shown at their fields; only the rest needs the alert.
  const hasFormError = mutation.isError && !isFieldError(mutation.error, BY_CODE);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { ...values, terms_accepted: true },
      {
        onSuccess: onRegistered,
        onError: (error) => applyServerFieldErrors(error, setError, FIELDS, BY_CODE),
      },
    ),
  );

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {hasFormError ? <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert> : null}
      <div className={formStyles.row}>
        <TextField
          label={t('sign-in:fields.firstName')}
          autoComplete="given-name"
          error={message(errors.first_name?.message)}
          {...register('first_name')}
        />
        <TextField
          label={t('sign-in:fields.lastName')}
          autoComplete="family-name"
          error={message(errors.last_name?.message)}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t('sign-in:fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <PasswordField
        label={t('sign-in:fields.password')}
        autoComplete="new-password"
        error={message(errors.password?.message)}
        hint={<PasswordStrengthMeter password={password} />}
        {...register('password')}
      />
      <PasswordField
        label={t('sign-in:fields.passwordConfirmation')}
        autoComplete="new-password"
        error={message(errors.password_confirmation?.message)}
        {...register('password_confirmation')}
      />
      <CheckboxField label={t('sign-in:registration.newsletter')} {...register('newsletter')} />
      <CheckboxField
        label={
          <>
            {t('sign-in:registration.termsBefore')}{' '}
            <Link to="/terms_conditions" target="_blank" rel="noopener">
              {t('sign-in:registration.termsLink')}
            </Link>
          </>
        }
        error={message(errors.terms_accepted?.message)}
        {...register('terms_accepted')}
      />
      {errors.terms_accepted ? (
        <FormAlert tone="info">{message(FIELD.notRegistered)}</FormAlert>
      ) : null}
      <SubmitButton isPending={mutation.isPending} pendingLabel={t('sign-in:registration.pending')}>
        {t('sign-in:registration.submit')}
      </SubmitButton>
    </form>
  );
}
