import type { AdminPlan, AdminPlanInput } from '@rudy/contracts';
import { saveItem } from '../../shared/api/save-item';
import { useCommerceList } from './commerce-list';

/** GET /admin/plans, POST /admin/plans (new) or PATCH /admin/plans/:id. */
export const usePlans = () => useCommerceList<AdminPlan>('/admin/plans');
export const savePlan = (id: number | null, body: AdminPlanInput) =>
  saveItem<AdminPlan>('/admin/plans', id, body);
