import { ACCESS_FLAGS, FEATURE_COUNT_KEYS } from '@rudy/contracts';

export interface Grant {
  accesses: string[];
  feature_counts: Record<string, number> | null;
}

/** Where a user's grants come from: commerce's entitlements (what their paid orders grant now). */
export interface GrantsSource {
  activeGrants(channelId: number, userId: number, now: Date): Promise<Grant[]>;
}

const KNOWN = new Set<string>(ACCESS_FLAGS);

/**
 * Capabilities are the union of what active purchases grant, lower-cased into flags; `vod_media` is
 * the spec's other spelling of `vod_media_access` and both are reported. Feature counts add up.
 */
export function capabilitiesOf(grants: Grant[]) {
  const flags = new Set<string>();
  const featureCount: Record<string, number> = Object.fromEntries(
    FEATURE_COUNT_KEYS.map((k) => [k, 0]),
  );
  for (const grant of grants) {
    for (const access of grant.accesses) {
      const flag = access.toLowerCase();
      if (!KNOWN.has(flag) && flag !== 'vod_media') continue;
      flags.add(flag === 'vod_media' ? 'vod_media_access' : flag);
    }
    for (const [key, value] of Object.entries(grant.feature_counts ?? {})) {
      if (Number.isFinite(value)) featureCount[key] = (featureCount[key] ?? 0) + value;
    }
  }
  if (flags.has('vod_media_access')) flags.add('vod_media');
  return { capabilities: [...flags].sort(), featureCount };
}
