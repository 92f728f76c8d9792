import type {
  AdminReferenceData,
  AdminRink,
  AdminRinkInput,
  AdminSchool,
  AdminSchoolInput,
  AdminSport,
  AdminSportInput,
} from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { saveItem } from '../../shared/api/save-item';

/** GET /admin/reference-data: sports, rinks and schools, each with how much uses it. */
export const useReferenceData = () =>
  useQuery({
    queryKey: ['admin', 'reference-data'],
    queryFn: ({ signal }) => apiClient.get<AdminReferenceData>('/admin/reference-data', { signal }),
  });

export const saveSport = (id: number | null, body: AdminSportInput) =>
  saveItem<AdminSport>('/admin/sports', id, body);
export const saveRink = (id: number | null, body: AdminRinkInput) =>
  saveItem<AdminRink>('/admin/rinks', id, body);
export const saveSchool = (id: number | null, body: AdminSchoolInput) =>
  saveItem<AdminSchool>('/admin/schools', id, body);

/** DELETE /admin/sports|rinks|schools/:id (refused with in_use while something uses it). */
export const deleteReferenceItem = (
  kind: 'sports' | 'rinks' | 'schools',
  id: number,
): Promise<unknown> => apiClient.delete(`/admin/${kind}/${id}`);
