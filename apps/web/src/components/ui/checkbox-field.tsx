import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldMessages, useFieldIds } from './text-field';
import styles from './form.module.css';

export function CheckboxField({
  label,
  error,
  ref,
  ...input
}: {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { id, errorId, describedBy } = useFieldIds(error, undefined);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.checkbox}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldMessages error={error} errorId={errorId} />
    </div>
  );
}
