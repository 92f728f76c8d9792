import { AdminBrandingInputSchema, THEME_COLOR_NAMES, type AdminBranding } from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { notFound } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import type { Snapshot } from '../audit/audit-diff.js';
import {
  createBrandingAdminRepository,
  type BrandingAdminRepository,
} from './branding-admin.repository.js';

type BrandingInput = z.output<typeof AdminBrandingInputSchema>;

/**
 * The audit keeps what a logo is, not its bytes: an address as is, an uploaded image by its type,
 * size and a short fingerprint (enough to tell two uploads apart).
 */
export function describeLogo(logo: string | null): string | null {
  if (logo === null || !logo.startsWith('data:')) return logo;
  const [head = '', body = ''] = logo.split(',', 2);
  const type = head.slice('data:'.length).split(';')[0];
  const bytes = Math.floor((body.length * 3) / 4);
  let hash = 0;
  for (let i = 0; i < body.length; i++) hash = (hash * 31 + body.charCodeAt(i)) | 0;
  return `${type} ${Math.ceil(bytes / 1024)} KB #${(hash >>> 0).toString(16)}`;
}

async function current(repo: BrandingAdminRepository, channelId: number): Promise<AdminBranding> {
  const { data, colors } = await repo.read(channelId);
  if (!data) throw notFound('Channel settings not found');
  return {
    channel_name: typeof data.channel_name === 'string' ? data.channel_name : '',
    logo_url: typeof data.logo_url === 'string' ? data.logo_url : null,
    time_zone: typeof data.time_zone === 'string' ? data.time_zone : 'UTC',
    colors: Object.fromEntries(colors.map((c) => [c.name, c.value])),
  };
}

const snapshot = (b: AdminBranding): Snapshot => ({
  channel_name: b.channel_name,
  logo: describeLogo(b.logo_url),
  time_zone: b.time_zone,
  ...Object.fromEntries(THEME_COLOR_NAMES.map((n) => [`color.${n}`, b.colors[n] ?? null])),
});

/** The channel's name, logo, time zone and colours: one audited change, seen by viewers at once. */
export function createBrandingAdminService(deps: { db: DB; changes: AdminChanges }) {
  const reads = createBrandingAdminRepository(deps.db);
  return {
    get: (channelId: number) => current(reads, channelId),

    update(caller: AdminCaller, input: BrandingInput): Promise<AdminBranding> {
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createBrandingAdminRepository(trx);
        const before = await current(repo, caller.channelId);
        await repo.mergeSettings(caller.channelId, {
          channel_name: input.channel_name,
          logo_url: input.logo_url,
          ...(input.time_zone === undefined ? {} : { time_zone: input.time_zone }),
        });
        await repo.putColors(caller.channelId, input.colors);
        const after = await current(repo, caller.channelId);
        await audit({
          action: 'update',
          entity: 'branding',
          entityId: null,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    },
  };
}
export type BrandingAdminService = ReturnType<typeof createBrandingAdminService>;
