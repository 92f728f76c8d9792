import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { useResendVerification } from '../api/resend-verification';
import '../../../locales/sign-in';

/** "Send the link again", with what happened said next to it. */
export function ResendVerification({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const resend = useResendVerification();
  return (
    <>
      {resend.isSuccess ? (
        <FormAlert tone="success">{t('sign-in:verifyNotice.resent')}</FormAlert>
      ) : null}
      {resend.isError ? <FormAlert tone="error">{apiErrorText(t, resend.error)}</FormAlert> : null}
      <div>
        <Button
          variant={compact ? 'secondary' : 'primary'}
          size={compact ? 's' : 'm'}
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
          onClick={() => resend.mutate()}
        >
          {resend.isPending
            ? t('sign-in:verifyNotice.resending')
            : t('sign-in:verifyNotice.resend')}
        </Button>
      </div>
    </>
  );
}
