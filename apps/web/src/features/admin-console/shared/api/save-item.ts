import { apiClient } from '../../../../lib/api-client';

/** POST `path` (a new item, id null) or PATCH `path/:id`: every console form saves this way. */
export function saveItem<Saved>(
  path: `/admin/${string}`,
  id: number | null,
  body: object,
): Promise<Saved> {
  return id === null
    ? apiClient.post<Saved>(path, { body: { ...body } })
    : apiClient.patch<Saved>(`${path}/${id}`, { body: { ...body } });
}
