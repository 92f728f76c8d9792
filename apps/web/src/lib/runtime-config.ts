import type { RuntimeConfig } from '@rudy/contracts';

export const RUNTIME_CONFIG_URL = '/config.json';

export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.api_base === 'string' &&
    typeof v.keys_url === 'string' &&
    (v.channel_key === null || typeof v.channel_key === 'string') &&
    (v.analytics_url === null ||
      typeof v.analytics_url === 'string' ||
      v.analytics_url === undefined)
  );
}

/** The deployment's settings live beside the app, so one build serves every channel and host. */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  const response = await fetchFn(RUNTIME_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (response.status !== 200) throw new Error(`config.json answered ${response.status}`);
  const data: unknown = await response.json();
  if (!isRuntimeConfig(data)) throw new Error('config.json does not have the expected fields');
  return { ...data, analytics_url: data.analytics_url ?? null };
}
