import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface SignedLinkParams {
  email: string;
  expires: string;
  signature: string;
}

/** The signed link of a mail (`?email=&expires=&signature=`), or null when a part is missing. */
export function signedLinkFrom(search: URLSearchParams): SignedLinkParams | null {
  const email = search.get('email');
  const expires = search.get('expires');
  const signature = search.get('signature');
  return email && expires && signature ? { email, expires, signature } : null;
}

export async function verifyEmail(link: SignedLinkParams): Promise<true> {
  await apiClient.post<{ message: string }>('/auth/email-verify', {
    body: { email: link.email, expires: Number(link.expires), signature: link.signature },
  });
  return true;
}

/**
 * Opening the link is reading its outcome, so it is a query: a second render (strict mode, a
 * language switch) reuses the answer instead of spending the single-use link twice.
 */
export function verifyEmailQueryOptions(link: SignedLinkParams) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', link.email, link.expires, link.signature],
    queryFn: () => verifyEmail(link),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Without a complete link there is nothing to send; the screen says the link is broken. */
export function useVerifyEmail(link: SignedLinkParams | null) {
  return useQuery({
    ...verifyEmailQueryOptions(link ?? { email: '', expires: '', signature: '' }),
    enabled: link !== null,
  });
}
