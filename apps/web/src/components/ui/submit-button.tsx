import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './form.module.css';

/** The form's main button: while the call runs it stays in place, busy and disabled. */
export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  variant = 'primary',
  wide = true,
  className,
  disabled = false,
}: {
  isPending: boolean;
  /** Nothing can be sent yet (e.g. the card field has not loaded); busy implies disabled anyway. */
  disabled?: boolean;
  pendingLabel: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  wide?: boolean;
  className?: string;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      className={[wide ? styles.submit : '', className ?? ''].join(' ').trim() || undefined}
      disabled={isPending || disabled}
      aria-busy={isPending || undefined}
    >
      {isPending ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {isPending ? pendingLabel : children}
    </Button>
  );
}
