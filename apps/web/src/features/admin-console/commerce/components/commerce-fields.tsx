import type { ReactNode } from 'react';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { toggled } from '../lib/commerce-drafts';
import styles from './commerce.module.css';

/** A checkbox whose draft value is 'true' or 'false'. */
export function SwitchField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <CheckboxField
      label={label}
      checked={value === 'true'}
      onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
      error={error}
    />
  );
}

/** A group of checkboxes whose draft value is the comma-joined list of the ticked values. */
export function CheckGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  legend: string;
  options: readonly { value: string | number; label: ReactNode }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const ticked = new Set(value.split(',').filter(Boolean));
  return (
    <fieldset className={styles.group} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div className={styles.checks}>
        {options.map((o) => (
          <label key={o.value} className={styles.check}>
            <input
              type="checkbox"
              checked={ticked.has(String(o.value))}
              onChange={(e) => onChange(toggled(value, o.value, e.target.checked))}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
