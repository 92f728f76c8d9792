import type { AdminCaption, AdminCaptionList, CaptionLanguage } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import type { MediaKind } from './media-subjects';

/** A game's replay's or a library video's captions, by language. */
export const useCaptionList = (kind: MediaKind, id: number) =>
  useQuery({
    queryKey: ['admin', 'captions', kind, id],
    queryFn: ({ signal }) =>
      apiClient.get<AdminCaptionList>(`/admin/captions/${kind}/${id}`, { signal }),
  });

/** One language's WebVTT file, uploaded or replaced. */
export const putCaptions = (kind: MediaKind, id: number, lang: CaptionLanguage, vtt: string) =>
  apiClient.post<AdminCaption>(`/admin/captions/${kind}/${id}/${lang}`, { body: { vtt } });

export const deleteCaptions = (kind: MediaKind, id: number, lang: CaptionLanguage) =>
  apiClient.delete<{ deleted: true }>(`/admin/captions/${kind}/${id}/${lang}`);
