import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useSignOut } from '../hooks/use-sign-out';

export function LogoutButton() {
  const { t } = useT();
  const { signOut, isPending } = useSignOut();
  return (
    <Button
      variant="secondary"
      disabled={isPending}
      aria-busy={isPending || undefined}
      onClick={() => void signOut()}
    >
      {isPending ? t('auth:logout.pending') : t('auth:account.logout')}
    </Button>
  );
}
