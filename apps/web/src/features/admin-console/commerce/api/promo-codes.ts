import type { AdminPromo, AdminPromoInput } from '@rudy/contracts';
import { saveItem } from '../../shared/api/save-item';
import { useCommerceList } from './commerce-list';

/** GET /admin/promo-codes, POST /admin/promo-codes (new) or PATCH /admin/promo-codes/:id. */
export const usePromoCodes = () => useCommerceList<AdminPromo>('/admin/promo-codes');
export const savePromo = (id: number | null, body: AdminPromoInput) =>
  saveItem<AdminPromo>('/admin/promo-codes', id, body);
