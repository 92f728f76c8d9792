import type { PrerollShown } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';

/** Tells the server the pre-roll ran (or was skipped): only then is it suppressed for this viewer. */
export function reportPrerollShown(prerollId: number, eventId: number): Promise<PrerollShown> {
  return apiClient.post<PrerollShown>(`/prerolls/${prerollId}/shown`, {
    body: { event_id: eventId },
  });
}
