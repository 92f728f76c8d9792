import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import styles from './toaster.module.css';
import { dismissToast, useToasts, type Toast } from './toast-store';

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.region} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useT();
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.time);
    return () => clearTimeout(timer);
  }, [toast.id, toast.time]);

  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
    >
      <span className={styles.icon} aria-hidden="true">
        {toast.type === 'success' ? '✓' : toast.type === 'error' ? '!' : 'i'}
      </span>
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.close}
        onClick={() => dismissToast(toast.id)}
        aria-label={t('common:actions.close')}
      >
        ×
      </button>
    </div>
  );
}
