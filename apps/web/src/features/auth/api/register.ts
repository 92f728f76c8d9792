import type { Profile, RegisterBody } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshIfSignedIn, setSignedInUser } from '../hooks/session';

/** Creates the account and signs it in on this key; the server mails the verification link. */
export function register(body: RegisterBody): Promise<Profile> {
  return apiClient.post<Profile>('/v2/auth/register', { body: { ...body } });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSignedInUser(queryClient, user, 'registration'),
    // Signed in meanwhile (another tab shares the key): let the header catch up.
    onError: (error) => refreshIfSignedIn(queryClient, error),
  });
}
