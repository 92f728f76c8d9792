import type { InvoicePreview } from '@rudy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { ProductFields } from '../lib/buy-selection';
import { COMMERCE_KEY } from './get-offers';

export interface PreviewRequest extends ProductFields {
  promo_code?: string;
  trial?: boolean;
}

/** Price due now and the renewal terms (POST /stripe/invoice-preview); no login needed. */
export function invoicePreviewQueryOptions(request: PreviewRequest) {
  return queryOptions({
    queryKey: [COMMERCE_KEY, 'invoice-preview', request],
    queryFn: ({ signal }) =>
      apiClient.post<InvoicePreview>('/stripe/invoice-preview', {
        body: { ...request },
        signal,
      }),
    // A new promo code keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useInvoicePreview(request: PreviewRequest | null) {
  return useQuery({
    ...invoicePreviewQueryOptions(request ?? {}),
    enabled: request !== null,
  });
}
