import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form.module.css';

export interface FieldProps {
  label: ReactNode;
  /** Already translated; shown under the field and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** Ids and ARIA wiring shared by every field: the control points at its hint and error. */
export function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What a control gets from its frame: its id and its ARIA wiring to the hint and error. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, the hint and the error around any control, wired to it. */
export function FieldFrame({
  label,
  error,
  hint,
  children,
}: FieldProps & { children: (wiring: ControlWiring) => ReactNode }) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(wiring) => <input ref={ref} className={styles.input} {...wiring} {...input} />}
    </FieldFrame>
  );
}

/** A text field for a few lines (a message): the same label, messages and wiring. */
export function TextAreaField({
  label,
  error,
  hint,
  ref,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(wiring) => (
        <textarea
          ref={ref}
          rows={5}
          className={`${styles.input} ${styles.textarea}`}
          {...wiring}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
