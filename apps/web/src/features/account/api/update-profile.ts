import type { Profile, ProfileUpdateBody } from '@rudy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type ProfileChanges = Omit<ProfileUpdateBody, '_method'>;

/** The spec's profile update: POST /profile with `_method: patch`; answers the new profile. */
export function updateProfile(changes: ProfileChanges): Promise<Profile> {
  return apiClient.post<Profile>('/profile', { body: { _method: 'patch', ...changes } });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
