import { ButtonLink } from '../../../components/ui/button';
import { StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import '../../../locales/account';

export type AccountSection = 'orders' | 'transactions' | 'clips' | 'passes';

const ACTIONS: Record<AccountSection, string> = {
  orders: '/packages',
  transactions: '/packages',
  clips: '/vod',
  passes: '/packages',
};

/** What an account tab shows while it holds nothing: what will appear and where to get it. */
export function AccountEmptyState({ section }: { section: AccountSection }) {
  const { t } = useT();
  return (
    <StatusMessage
      title={t(`account:empty.${section}.title`)}
      description={t(`account:empty.${section}.text`)}
      action={
        <ButtonLink to={ACTIONS[section]} variant="secondary" size="s">
          {t(`account:empty.${section}.action`)}
        </ButtonLink>
      }
    />
  );
}
