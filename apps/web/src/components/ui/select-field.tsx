import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps } from './text-field';
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
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(wiring) => (
        <select ref={ref} className={styles.input} {...wiring} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
