import { queryOptions, useQuery } from '@tanstack/react-query';

export interface DevOutboxStatus {
  /** false until this browser has opened the outbox with the key printed at start-up. */
  unlocked: boolean;
}

/**
 * Without an SMTP server the API keeps mail in a dev outbox that answers only the person running
 * the server, on that machine. The verify notice points there only when it answers; production
 * (real SMTP, no outbox) and every other visitor get a 404 and never see the hint.
 */
export async function getDevOutboxStatus(signal?: AbortSignal): Promise<DevOutboxStatus | null> {
  try {
    const res = await fetch('/dev/outbox/status', {
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) {
      return null;
    }
    const body = (await res.json()) as Partial<DevOutboxStatus>;
    return { unlocked: body.unlocked === true };
  } catch {
    return null;
  }
}

export function devOutboxQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'dev-outbox'],
    queryFn: ({ signal }) => getDevOutboxStatus(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDevOutbox() {
  return useQuery(devOutboxQueryOptions());
}
