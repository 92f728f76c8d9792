import { LOCALES, type Locale } from '@rudy/contracts';
import { useT } from '../../lib/i18n';
import { changeLocale, currentLocale } from '../../lib/i18n';
import styles from './language-switcher.module.css';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useT();
  // Read through i18n so the component re-renders on a change made elsewhere (header vs footer).
  const active: Locale = i18n.language ? currentLocale() : 'en';
  return (
    <div
      className={`${styles.switcher} ${className ?? ''}`}
      role="group"
      aria-label={t('common:language.label')}
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={styles.option}
          aria-pressed={active === locale}
          title={t(`common:language.names.${locale}`)}
          onClick={() => void changeLocale(locale)}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
