import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@rudy/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorText, translateFieldMessage } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useLogin } from '../api/login';
import { LoginFormSchema, type LoginFormValues } from '../lib/auth-schemas';
import styles from './auth-card.module.css';
import '../../../locales/sign-in';

export function LoginForm({
  defaultEmail = '',
  onSignedIn,
}: {
  defaultEmail?: string;
  onSignedIn: (user: Profile) => void;
}) {
  const { t } = useT();
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, { onSuccess: (user) => onSignedIn(user) }),
  );

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
      <PasswordField
        label={t('sign-in:fields.password')}
        autoComplete="current-password"
        error={translateFieldMessage(t, errors.password?.message)}
        hint={
          <Link to="/password-reset-request" className={styles.link}>
            {t('sign-in:login.forgot')}
          </Link>
        }
        {...register('password')}
      />
      <SubmitButton isPending={mutation.isPending} pendingLabel={t('sign-in:login.pending')}>
        {t('sign-in:login.submit')}
      </SubmitButton>
    </form>
  );
}
