import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useT } from '../../lib/i18n';
import { FieldMessages, useFieldIds, type FieldProps } from './text-field';
import styles from './form.module.css';
import '../../locales/sign-in';

/** A password input with a show/hide toggle; the toggle never submits and keeps the caret. */
export function PasswordField({
  label,
  error,
  hint,
  ref,
  ...input
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useT();
  const [isVisible, setVisible] = useState(false);
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          ref={ref}
          id={id}
          type={isVisible ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-pressed={isVisible}
          aria-label={isVisible ? t('sign-in:form.hidePassword') : t('sign-in:form.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {isVisible ? t('sign-in:form.hide') : t('sign-in:form.show')}
        </button>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
