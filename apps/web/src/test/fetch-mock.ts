import type { RuntimeConfig } from '@rudy/contracts';
import { vi } from 'vitest';

export type Handler = (
  url: URL,
  init: RequestInit & { json?: Record<string, unknown> },
) => Response | Promise<Response>;

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function urlOf(input: RequestInfo | URL): string {
  if (input instanceof Request) return input.url;
  return input instanceof URL ? input.href : input;
}

/** A fetch stand-in that hands each call, with its parsed URL and JSON body, to `handler`. */
export function mockFetch(handler: Handler) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined;
    return handler(url, { ...init, json: body });
  });
}

export const FUTURE = new Date(Date.now() + 86_400_000).toISOString();

export const TEST_CONFIG: RuntimeConfig = {
  api_base: '/api',
  channel_key: 'demo-hockey',
  keys_url: '/api/channel-key',
  analytics_url: null,
};
