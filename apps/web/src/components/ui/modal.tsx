import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';

/**
 * A modal popup (an order failure, the sandbox's second step, deleting a clip): focus moves into it,
 * Escape closes it when it may be closed, and the page behind is inert for assistive technology.
 */
export function Modal({
  title,
  tone = 'info',
  onClose,
  children,
  actions,
}: {
  title: string;
  tone?: 'info' | 'error';
  onClose?: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button')?.focus();
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop}>
      <div
        ref={box}
        className={styles.box}
        role={tone === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        data-tone={tone}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.content}>{children}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
