import { zodResolver } from '@hookform/resolvers/zod';
import {
  customFormFields,
  customFormValuesSchema,
  emptyCustomFormValues,
  formText,
  type CustomForm,
  type CustomFormField,
} from '@rudy/contracts';
import { useMemo } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import {
  apiErrorText,
  applyServerFieldErrors,
  translateFieldMessage,
} from '../../../lib/form-messages';
import { currentLocale, useT } from '../../../lib/i18n';
import { useSaveCustomForm } from '../api/custom-forms';
import styles from './custom-form-view.module.css';
import '../../../locales/commerce';

type Values = Record<string, string | boolean>;

/**
 * Any form a channel defines (text, email, phone, select, checkbox), checked by the same schema
 * as the server (contracts/custom-forms.ts) and posted to /custom-forms/{alias}. Sending needs a
 * signed-in viewer; an anonymous one sees the form and a way to log in and come back.
 */
export function CustomFormView({
  form,
  userId,
  hideTitle = false,
}: {
  form: CustomForm;
  userId: number | null;
  /** The page already shows the form's title as its heading. */
  hideTitle?: boolean;
}) {
  useT(); // re-renders on a language change, which re-reads the labels
  const locale = currentLocale();
  const fields = useMemo(
    () => (customFormFields(form.definition, locale) ?? []).filter((f) => f.type !== 'package'),
    [form.definition, locale],
  );
  const title = hideTitle ? null : formText(form.definition.title, locale);
  const description = formText(form.definition.description, locale);
  const headingId = `custom-form-${form.alias}`;
  return (
    <section
      className={hideTitle ? `${styles.section} ${styles.underHeading}` : styles.section}
      aria-labelledby={title ? headingId : undefined}
    >
      {title ? (
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
      ) : null}
      {description ? <p className={styles.description}>{description}</p> : null}
      {userId === null ? (
        <SignInFirst />
      ) : (
        <FormFields form={form} fields={fields} userId={userId} />
      )}
    </section>
  );
}

function SignInFirst() {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  return (
    <FormAlert tone="info">
      {t('commerce:customForm.signIn')}{' '}
      <Link to={`/login?return_to=${returnTo}`}>{t('commerce:customForm.logIn')}</Link>
    </FormAlert>
  );
}

function FormFields({
  form,
  fields,
  userId,
}: {
  form: CustomForm;
  fields: CustomFormField[];
  userId: number;
}) {
  const { t } = useT();
  const save = useSaveCustomForm(form.alias, userId);
  const defaults = useMemo(() => {
    const saved = emptyCustomFormValues(fields, form.entries);
    return Object.fromEntries(
      fields.map((f) => [f.name, f.type === 'checkbox' ? saved[f.name] === 'true' : saved[f.name]]),
    ) as Values;
  }, [fields, form.entries]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    // The schema's output is text for every field; the form holds booleans for its checkboxes.
    resolver: zodResolver(customFormValuesSchema(fields)) as never,
    defaultValues: defaults,
  });
  const names = fields.map((f) => f.name);

  const onSubmit = handleSubmit((values) => {
    const entries = fields.map((f) => ({ name: f.name, value: String(values[f.name] ?? '') }));
    save.mutate(entries, {
      onError: (error) => applyServerFieldErrors(error, setError, names),
    });
  });

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {save.isSuccess ? (
        <FormAlert tone="success">{t('commerce:customForm.saved')}</FormAlert>
      ) : null}
      {save.isError && !(save.error as { errors?: unknown }).errors ? (
        <FormAlert tone="error">{apiErrorText(t, save.error)}</FormAlert>
      ) : null}
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          register={register}
          error={translateFieldMessage(t, errors[field.name]?.message)}
        />
      ))}
      <SubmitButton isPending={save.isPending} pendingLabel={t('commerce:customForm.sending')}>
        {t('commerce:customForm.send')}
      </SubmitButton>
    </form>
  );
}

function FieldControl({
  field,
  register,
  error,
}: {
  field: CustomFormField;
  register: UseFormRegister<Values>;
  error: string | undefined;
}) {
  const { t } = useT();
  const label = field.label ?? field.name;
  const common = { error, required: field.required, ...register(field.name) };
  switch (field.type) {
    case 'checkbox':
      return <CheckboxField label={label} {...common} />;
    case 'select':
      return (
        <SelectField label={label} {...common}>
          <option value="">{t('commerce:customForm.choose')}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      );
    case 'email':
      return (
        <TextField label={label} type="email" autoComplete="email" inputMode="email" {...common} />
      );
    case 'phone':
      return <TextField label={label} type="tel" autoComplete="tel" inputMode="tel" {...common} />;
    default:
      return field.multiline ? (
        <TextAreaField label={label} maxLength={field.maxLength} {...common} />
      ) : (
        <TextField label={label} maxLength={field.maxLength} {...common} />
      );
  }
}
