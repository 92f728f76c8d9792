import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import '../../../locales/admin-people';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { acceptInvitation } from '../../../features/admin-console/people/api/accept-invitation';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { signedInLoader } from '../../route-guards';

/** The invitation mail's link: a sign-in first (back here after it), then one click. */
export const loader = signedInLoader;

/** /admin-invitation?token=…: the signed-in invitee becomes the channel's admin. */
export function Component() {
  const { t } = useT();
  const client = useQueryClient();
  const token = useSearchParams()[0].get('token') ?? '';
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const refusal = (error: unknown) => {
    if (!isApiError(error)) return apiErrorText(t, error);
    if (error.code === 'invitation_expired') return t('admin-people:accept.expired');
    if (error.code === 'invitation_invalid' || error.code === 'validation_failed')
      return t('admin-people:accept.invalid');
    if (error.code === 'forbidden') return t('admin-people:accept.otherEmail');
    return apiErrorText(t, error);
  };
  return (
    <main style={{ maxWidth: '40rem', margin: '0 auto', padding: 'var(--space-l, 24px)' }}>
      <title>{t('admin-people:accept.title')}</title>
      <h1>{t('admin-people:accept.title')}</h1>
      {!token ? (
        <FormAlert tone="error">{t('admin-people:accept.missing')}</FormAlert>
      ) : accept.isSuccess ? (
        <>
          <FormAlert tone="success">
            {t('admin-people:accept.done', { channel: accept.data.channel_name })}
          </FormAlert>
          <ButtonLink to="/admin">{t('admin-people:accept.open')}</ButtonLink>
        </>
      ) : (
        <>
          <p>{t('admin-people:accept.intro')}</p>
          {accept.isError ? <FormAlert tone="error">{refusal(accept.error)}</FormAlert> : null}
          <Button disabled={accept.isPending} onClick={() => accept.mutate()}>
            {t('admin-people:accept.action')}
          </Button>
        </>
      )}
    </main>
  );
}
