import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The password confirms it; accounts without one (social sign-in only) type their email. */
export type DeletionProof = { password: string } | { email: string };

/** Deletes the account and revokes every key, this one included. */
export async function deleteAccount(proof: DeletionProof): Promise<void> {
  await apiClient.post<{ message: string }>('/delete-account-confirm', { body: proof });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
