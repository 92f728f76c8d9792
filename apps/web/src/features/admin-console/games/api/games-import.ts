import type { AdminImportPreview, AdminImportResult } from '@rudy/contracts';
import { apiClient } from '../../../../lib/api-client';

/** POST /admin/games/import/preview: every line of a season file, its errors and its game. */
export const previewImport = (csv: string) =>
  apiClient.post<AdminImportPreview>('/admin/games/import/preview', { body: { csv } });

/** POST /admin/games/import: all the games or none; the same import id again changes nothing. */
export const runImport = (csv: string, importId: string) =>
  apiClient.post<AdminImportResult>('/admin/games/import', {
    body: { csv, import_id: importId },
  });

/** A random UUID v4, also where `crypto.randomUUID` is missing (a plain-http address). */
export function newImportId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
