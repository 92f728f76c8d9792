import type { Profile } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useProfile } from '../api/get-profile';
import '../../../locales/sign-in';

/**
 * The loaders guard account pages on arrival. A sign-in lost while the page is open (a 401
 * elsewhere) shows a way back in rather than redirecting: a redirect here would also fire while
 * logout is already taking the visitor home, and win.
 */
export function RequireUser({ children }: { children: (user: Profile) => ReactNode }) {
  const { t } = useT();
  const { data: user } = useProfile();
  const { pathname, search } = useLocation();
  if (user) return children(user);
  const query = new URLSearchParams({ return_to: `${pathname}${search}` }).toString();
  return (
    <div className="page-container">
      <StatusMessage
        tone="info"
        title={t('sign-in:signedOut.title')}
        description={t('sign-in:signedOut.text')}
        action={<ButtonLink to={`/login?${query}`}>{t('auth:account.login')}</ButtonLink>}
      />
    </div>
  );
}
