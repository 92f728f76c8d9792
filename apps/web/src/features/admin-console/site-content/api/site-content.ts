import type { AdminSiteContent, AdminSiteSettings, AdminSiteSettingsInput } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { saveItem } from '../../shared/api/save-item';

/** The site content's areas, each one list of items at /admin/<path>. */
export const SITE_AREAS = {
  menu: '/admin/menu',
  pages: '/admin/pages',
  slides: '/admin/slides',
  faq: '/admin/faq',
  static_blocks: '/admin/static-blocks',
} as const;
export type SiteArea = keyof typeof SITE_AREAS;

/** GET /admin/site-content: menu, pages, slides, FAQ, static blocks and settings, both languages. */
export const useSiteContent = () =>
  useQuery({
    queryKey: ['admin', 'site-content'],
    queryFn: ({ signal }) => apiClient.get<AdminSiteContent>('/admin/site-content', { signal }),
  });

/** POST (new, id null) or PATCH one item of an area. */
export const saveSiteItem = (area: SiteArea, id: number | null, body: object) =>
  saveItem<{ id: number }>(SITE_AREAS[area], id, body);

export function deleteSiteItem(area: SiteArea, id: number): Promise<unknown> {
  return apiClient.delete(`${SITE_AREAS[area]}/${id}`);
}

/** PUT /admin/site-settings: the default language and the static blocks switch. */
export function saveSiteSettings(body: AdminSiteSettingsInput): Promise<AdminSiteSettings> {
  return apiClient.patch<AdminSiteSettings>('/admin/site-settings', { body: { ...body } });
}
