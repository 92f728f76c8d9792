import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import styles from './sign-in-prompt.module.css';

/**
 * Asks an anonymous visitor to log in or register before keeping a favourite, and brings them back
 * to this page afterwards (`return_to`). A modal over the page: cards clip anything drawn inside.
 */
export function SignInPrompt({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const first = useRef<HTMLAnchorElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const returnTo = new URLSearchParams({ return_to: `${pathname}${search}` }).toString();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-prompt-title"
        aria-describedby="sign-in-prompt-text"
      >
        <h2 id="sign-in-prompt-title" className={styles.title}>
          {t('favorites:prompt.title')}
        </h2>
        <p id="sign-in-prompt-text" className={styles.text}>
          {t('favorites:prompt.text', { name })}
        </p>
        <div className={styles.actions}>
          <Link ref={first} to={`/login?${returnTo}`} className={styles.primary}>
            {t('favorites:prompt.login')}
          </Link>
          <Link to={`/registration?${returnTo}`} className={styles.secondary}>
            {t('favorites:prompt.register')}
          </Link>
          <button type="button" className={styles.close} onClick={onClose}>
            {t('favorites:prompt.later')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
