import type { LoginBody, Profile } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshIfSignedIn, setSignedInUser } from '../hooks/session';

export function login(body: LoginBody): Promise<Profile> {
  return apiClient.post<Profile>('/v2/auth/login', { body: { ...body } });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSignedInUser(queryClient, user, 'password'),
    // Signed in meanwhile (another tab shares the key): let the header catch up.
    onError: (error) => refreshIfSignedIn(queryClient, error),
  });
}
