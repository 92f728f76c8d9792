import type { Coupon } from '@rudy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { ProductFields } from '../lib/buy-selection';

/**
 * GET apply_coupon: checks a promo code for the product. Refusals are 400 `wrong_promo_code`
 * ('Wrong promo code') or `promo_code_invalid` ('Promo code is invalid').
 */
export function applyCoupon(code: string, product: ProductFields): Promise<Coupon> {
  const { package_ids, ...single } = product;
  return apiClient.get<Coupon>('/apply_coupon', {
    // A bundle is checked against its first pass; the checkout prices the whole bundle.
    query: { code, ...single, ...(package_ids && { package_id: package_ids[0] }) },
  });
}

export function useApplyCoupon(product: ProductFields) {
  return useMutation({ mutationFn: (code: string) => applyCoupon(code, product) });
}
