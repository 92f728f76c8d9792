import type { SocialProvider } from '@rudy/contracts';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useStartSocialSignIn } from '../api/start-social-sign-in';
import styles from './social-buttons.module.css';
import '../../../locales/sign-in';

/** One button per provider the server has configured; each leaves for the provider's page. */
export function SocialButtons({
  providers,
  returnTo,
}: {
  providers: SocialProvider[];
  returnTo: string;
}) {
  const { t } = useT();
  const start = useStartSocialSignIn();
  if (providers.length === 0) return null;
  return (
    <div className={styles.list}>
      {start.isError ? <FormAlert tone="error">{apiErrorText(t, start.error)}</FormAlert> : null}
      {providers.map((provider) => {
        const isBusy = start.isPending && start.variables.provider === provider;
        return (
          <button
            key={provider}
            type="button"
            className={styles.button}
            disabled={start.isPending || start.isSuccess}
            aria-busy={isBusy || undefined}
            onClick={() => start.mutate({ provider, returnTo })}
          >
            <span className={`${styles.mark} ${styles[provider]}`} aria-hidden="true">
              {provider === 'google' ? 'G' : 'f'}
            </span>
            {t(`sign-in:social.continueWith.${provider}`)}
          </button>
        );
      })}
    </div>
  );
}
