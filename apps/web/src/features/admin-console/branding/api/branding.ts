import type { AdminBranding, AdminBrandingInput } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/branding: the channel's name, logo and web colours. */
export const useBranding = () =>
  useQuery({
    queryKey: ['admin', 'branding'],
    queryFn: ({ signal }) => apiClient.get<AdminBranding>('/admin/branding', { signal }),
  });

/** PATCH /admin/branding: name, logo and every theme colour at once. */
export function saveBranding(body: AdminBrandingInput): Promise<AdminBranding> {
  return apiClient.patch<AdminBranding>('/admin/branding', { body: { ...body } });
}
