import {
  BASE_PASS_FORM_ALIAS,
  basePassFields,
  type BasePassField,
  type CustomForm,
  type CustomFormEntry,
  type Profile,
} from '@rudy/contracts';
import { useState, type SyntheticEvent } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import formStyles from '../../../components/ui/form.module.css';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translateFieldMessage } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useCustomForm, useSaveCustomForm } from '../api/custom-forms';
import { usePackages } from '../api/get-offers';
import { useMoney } from '../hooks/use-money';
import { commerceErrorText } from '../lib/commerce-errors';
import styles from './select-package.module.css';
import '../../../locales/commerce';

/** /select-package/:id: the channel's base-pass form (the choice of pass and any other fields). */
export function SelectPackageScreen({
  formId,
  user,
  onSaved,
}: {
  formId: number;
  user: Profile;
  /** Where to go once the choice is saved (the page the user was sent away from). */
  onSaved: () => void;
}) {
  const { t } = useT();
  const form = useCustomForm(BASE_PASS_FORM_ALIAS, user.id);
  return (
    <div className="page-container">
      <title>{t('commerce:selectPackage.title')}</title>
      <PageHeader
        title={t('commerce:selectPackage.title')}
        subtitle={t('commerce:selectPackage.subtitle')}
      />
      {form.isPending ? null : form.isError ? (
        <LoadError what={t('commerce:selectPackage.what')} onRetry={() => void form.refetch()} />
      ) : !form.data || form.data.id !== formId ? (
        <StatusMessage
          title={t('commerce:selectPackage.noForm')}
          action={
            <ButtonLink to="/" variant="secondary" size="s">
              {t('common:actions.backHome')}
            </ButtonLink>
          }
        />
      ) : (
        <BasePassForm form={form.data} userId={user.id} onSaved={onSaved} />
      )}
    </div>
  );
}

function BasePassForm({
  form,
  userId,
  onSaved,
}: {
  form: CustomForm;
  userId: number;
  onSaved: () => void;
}) {
  const { t } = useT();
  const save = useSaveCustomForm(BASE_PASS_FORM_ALIAS, userId);
  const fields = basePassFields(form.definition);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.entries.map((e) => [e.name, e.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const missing = Object.fromEntries(
      fields
        .filter((f) => f.required && !values[f.name]?.trim())
        .map((f) => [f.name, t('commerce:card.errors.required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const entries: CustomFormEntry[] = fields
      .filter((f) => values[f.name]?.trim())
      .map((f) => ({ name: f.name, value: values[f.name]?.trim() ?? '' }));
    save.mutate(entries, {
      onSuccess: onSaved,
      // The server names refused fields with their codes (field_codes), translated here.
      onError: (error) =>
        setErrors(
          isApiError(error) && error.errors
            ? Object.fromEntries(
                Object.keys(error.errors).map((name) => [
                  name,
                  translateFieldMessage(t, error.fieldCodes?.[name] ?? 'invalid') ?? '',
                ]),
              )
            : {},
        ),
    });
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      {save.isError && Object.keys(errors).length === 0 ? (
        <FormAlert tone="error">{commerceErrorText(t, save.error)}</FormAlert>
      ) : null}
      {fields.map((field) =>
        field.type === 'package' ? (
          <PassChoice
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label ?? field.name}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            required={field.required}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
          />
        ),
      )}
      <SubmitButton isPending={save.isPending} pendingLabel={t('commerce:selectPackage.saving')}>
        {t('commerce:selectPackage.save')}
      </SubmitButton>
    </form>
  );
}

/** The pass choice: the channel's regular passes on sale, as selectable cards. */
function PassChoice({
  field,
  value,
  error,
  onChange,
}: {
  field: BasePassField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const packages = usePackages();
  const choices = (packages.data ?? []).filter((p) => p.pass_type === 'regular');
  return (
    <fieldset className={styles.choices} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{field.label ?? t('commerce:selectPackage.field')}</legend>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      {packages.isError ? (
        <LoadError
          what={t('commerce:selectPackage.what')}
          onRetry={() => void packages.refetch()}
        />
      ) : null}
      <div className={styles.grid} aria-busy={packages.isPending || undefined}>
        {packages.isPending
          ? [0, 1].map((i) => <Skeleton key={i} height={132} radius={16} />)
          : null}
        {choices.map((pass) => (
          <label
            key={pass.id}
            className={styles.choice}
            data-checked={value === String(pass.id) || undefined}
            data-disabled={pass.disabled || undefined}
          >
            <input
              type="radio"
              name={field.name}
              value={pass.id}
              disabled={pass.disabled}
              checked={value === String(pass.id)}
              onChange={() => onChange(String(pass.id))}
            />
            <span className={styles.choiceName}>{pass.name}</span>
            <span className={styles.choicePrice}>{money(pass.price, pass.currency)}</span>
            {pass.description ? (
              <span className={styles.choiceText}>{pass.description}</span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
