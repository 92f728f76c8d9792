import type { AdminPass, AdminPassInput } from '@rudy/contracts';
import { saveItem } from '../../shared/api/save-item';
import { useCommerceList } from './commerce-list';

/** GET /admin/passes, POST /admin/passes (new) or PATCH /admin/passes/:id. */
export const usePasses = () => useCommerceList<AdminPass>('/admin/passes');
export const savePass = (id: number | null, body: AdminPassInput) =>
  saveItem<AdminPass>('/admin/passes', id, body);
