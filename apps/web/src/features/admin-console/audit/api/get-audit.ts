import type { AuditEntity, AuditList } from '@rudy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

export const AUDIT_PAGE = 25;

/** GET /admin/audit: a page of the channel's change log, newest first, of one kind or all. */
export const useAudit = (entity: AuditEntity | null, offset: number) =>
  useQuery({
    queryKey: ['admin', 'audit', entity, offset],
    queryFn: ({ signal }) =>
      apiClient.get<AuditList>('/admin/audit', {
        query: { offset, limit: AUDIT_PAGE, ...(entity ? { entity } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
