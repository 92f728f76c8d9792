import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldMessages, useFieldIds, type FieldProps } from './text-field';
import styles from './form.module.css';

export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; children: ReactNode }) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
