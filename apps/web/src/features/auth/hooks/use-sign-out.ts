import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/form-messages';
import { useT } from '../../../lib/i18n';
import { PROFILE_QUERY_KEY } from '../api/get-profile';
import { useLogout } from '../api/logout';
import { requestSessionEnd } from './session-end';

/** Logout as the spec has it: revoke the key, take a fresh anonymous one, reset the user, toast. */
export function useSignOut() {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  async function signOut() {
    try {
      await logout.mutateAsync();
      requestSessionEnd(t('auth:logout.done'));
      await navigate('/');
    } catch (error) {
      showToast({ type: 'error', message: apiErrorText(t, error) });
      // "user can't be logged out": the key is not signed in any more; let the header catch up.
      if (isApiError(error) && error.code === 'cannot_logout') {
        await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      }
    }
  }

  return { signOut, isPending: logout.isPending };
}
