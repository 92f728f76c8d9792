import { RuntimeConfigSchema, type RuntimeConfig } from '@rudy/contracts';

export const RUNTIME_CONFIG_URL = '/config.json';

/** The deployment's settings live beside the app, so one build serves every channel and host. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = globalThis.fetch): Promise<RuntimeConfig> {
  const response = await fetchFn(RUNTIME_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (response.status !== 200) throw new Error(`config.json answered ${response.status}`);
  return RuntimeConfigSchema.parse(await response.json());
}
