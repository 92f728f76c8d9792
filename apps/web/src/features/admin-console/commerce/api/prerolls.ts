import type { AdminPreroll, AdminPrerollInput } from '@rudy/contracts';
import { saveItem } from '../../shared/api/save-item';
import { useCommerceList } from './commerce-list';

/** GET /admin/prerolls, POST /admin/prerolls (new) or PATCH /admin/prerolls/:id. */
export const usePrerolls = () => useCommerceList<AdminPreroll>('/admin/prerolls');
export const savePreroll = (id: number | null, body: AdminPrerollInput) =>
  saveItem<AdminPreroll>('/admin/prerolls', id, body);
