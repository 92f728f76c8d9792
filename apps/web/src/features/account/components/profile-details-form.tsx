import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@rudy/contracts';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast-store';
import {
  apiErrorText,
  applyServerFieldErrors,
  isFieldError,
  translateFieldMessage,
} from '../../../lib/form-messages';
import { changeLocale, currentLocale, useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';
import {
  detailsChanges,
  detailsFormSchema,
  isEmailChanged,
  needsCurrentPassword,
  type DetailsFormValues,
} from '../lib/profile-schemas';
import styles from './profile-edit.module.css';
import '../../../locales/account';
import '../../../locales/sign-in';

const FIELDS = ['first_name', 'last_name', 'email', 'current_password'] as const;
const BY_CODE = { email_taken: 'email' } as const;

/** Names, email, language and newsletter. A new email needs the password and a new verification. */
export function ProfileDetailsForm({
  user,
  onSaved,
}: {
  user: Profile;
  onSaved: (user: Profile) => void;
}) {
  const { t } = useT();
  const mutation = useUpdateProfile();
  const schema = useMemo(() => detailsFormSchema(user), [user]);
  const { register, handleSubmit, setError, resetField, control, formState } =
    useForm<DetailsFormValues>({
      resolver: zodResolver(schema),
      values: {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        newsletter: user.newsletter,
        language: user.language,
        current_password: '',
      },
      resetOptions: { keepDirtyValues: true },
    });
  const { errors } = formState;
  const email = useWatch({ control, name: 'email' });
  const asksPassword = needsCurrentPassword(user) && isEmailChanged(user, email);
  const message = (text: string | undefined) => translateFieldMessage(t, text);

  const onSubmit = handleSubmit((values) => {
    const changes = detailsChanges(user, values);
    mutation.mutate(changes, {
      onSuccess: (saved) => {
        onSaved(saved);
        resetField('current_password');
        showToast({ type: 'success', message: t('account:edit.saved') });
        if (changes.email) {
          showToast({
            type: 'info',
            message: t('account:edit.verifyNewEmail', { email: saved.email }),
          });
        }
        // The account's language is also the interface's: mails and screens agree.
        if (saved.language !== currentLocale()) void changeLocale(saved.language);
      },
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS, BY_CODE),
    });
  });

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {mutation.isError && !isFieldError(mutation.error, BY_CODE) ? (
        <FormAlert tone="error">{apiErrorText(t, mutation.error)}</FormAlert>
      ) : null}
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
        hint={t('account:edit.emailHint')}
        error={message(errors.email?.message)}
        {...register('email')}
      />
      {asksPassword ? (
        <PasswordField
          label={t('account:edit.confirmPassword')}
          autoComplete="current-password"
          hint={t('account:edit.currentPasswordHint')}
          error={message(errors.current_password?.message)}
          {...register('current_password')}
        />
      ) : null}
      <SelectField label={t('account:edit.language')} {...register('language')}>
        <option value="en">{t('common:language.names.en')}</option>
        <option value="fr">{t('common:language.names.fr')}</option>
      </SelectField>
      <CheckboxField label={t('sign-in:registration.newsletter')} {...register('newsletter')} />
      <div className={styles.footer}>
        <SubmitButton
          isPending={mutation.isPending}
          pendingLabel={t('account:edit.saving')}
          wide={false}
        >
          {t('account:edit.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
