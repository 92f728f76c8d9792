import type { CustomForm, CustomFormEntry } from '@rudy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** GET /custom-forms/{alias}; the spec tolerates a 404 (the channel has no such form): null. */
export async function getCustomForm(alias: string, signal?: AbortSignal) {
  try {
    return await apiClient.get<CustomForm>(`/custom-forms/${alias}`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function customFormQueryOptions(alias: string, userId: number | null, enabled = true) {
  return queryOptions({
    enabled,
    // Entries belong to the user: a sign-in or sign-out reads them afresh.
    queryKey: ['account', 'custom-form', alias, userId],
    queryFn: ({ signal }) => getCustomForm(alias, signal),
  });
}

export const useCustomForm = (alias: string, userId: number | null, enabled = true) =>
  useQuery(customFormQueryOptions(alias, userId, enabled));

export function useSaveCustomForm(alias: string, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: CustomFormEntry[]) =>
      apiClient.post<CustomForm>(`/custom-forms/${alias}`, { body: { entries } }),
    onSuccess: (form) =>
      queryClient.setQueryData(customFormQueryOptions(alias, userId).queryKey, form),
  });
}
