import { RELOAD_BUTTON_WAIT_S, RELOAD_TICK_MS } from '@rudy/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../../../lib/i18n';
import { getFailingUrls, subscribeFailingUrls } from '../../../lib/failing-urls';
import styles from './service-error-screen.module.css';

/**
 * Covers the whole page while a call has failed for want of an API key. It lives outside the router
 * so it also shows when start-up failed before any route could render.
 */
export function ServiceErrorScreen({ onReload }: { onReload?: () => void }) {
  const failing = useSyncExternalStore(subscribeFailingUrls, getFailingUrls);
  if (failing.length === 0) return null;
  return <ErrorPanel onReload={onReload ?? (() => window.location.reload())} />;
}

function ErrorPanel({ onReload }: { onReload: () => void }) {
  const { t } = useT();
  const [remaining, setRemaining] = useState(RELOAD_BUTTON_WAIT_S);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => {
    // One steady interval (not a timeout per tick) so the countdown keeps pace with the clock.
    const timer = setInterval(
      () => setRemaining((value) => Math.max(0, value - 1)),
      RELOAD_TICK_MS,
    );
    timerRef.current = timer;
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (remaining === 0 && timerRef.current) clearInterval(timerRef.current);
  }, [remaining]);

  const isWaiting = remaining > 0;
  return (
    <div
      className={styles.screen}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="service-error-title"
    >
      <div className={styles.panel}>
        <span className={styles.icon} aria-hidden="true">
          !
        </span>
        <h1 id="service-error-title" className={styles.title} ref={headingRef} tabIndex={-1}>
          {t('errors:serviceScreen.title')}
        </h1>
        <p className={styles.text}>{t('errors:serviceScreen.text')}</p>
        <button type="button" className={styles.reload} disabled={isWaiting} onClick={onReload}>
          {isWaiting
            ? t('errors:serviceScreen.reloadIn', { seconds: remaining })
            : t('errors:serviceScreen.reload')}
        </button>
      </div>
    </div>
  );
}
