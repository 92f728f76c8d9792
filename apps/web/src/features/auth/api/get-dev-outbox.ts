import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Without an SMTP server the API keeps mail in a dev outbox. The verify notice links to it only
 * when it answers, so production (real SMTP, no outbox) never shows the hint. JSON is asked for
 * so the app's own HTML fallback cannot pass for the outbox.
 */
export async function hasDevOutbox(signal?: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch('/dev/outbox', { headers: { Accept: 'application/json' }, signal });
    return res.ok && (res.headers.get('content-type') ?? '').includes('text/html');
  } catch {
    return false;
  }
}

export function devOutboxQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'dev-outbox'],
    queryFn: ({ signal }) => hasDevOutbox(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDevOutbox() {
  return useQuery(devOutboxQueryOptions());
}
