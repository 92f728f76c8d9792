import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { VodMediaStatus } from '../../db/schema.js';

export interface PendingItem {
  id: number;
  channel_id: number;
  meta: Record<string, unknown>;
}

/** SQL of the library's jobs: items waiting for their video, and what packaging records. */
export function createVodJobsRepository(db: DB) {
  return {
    /** Demo items of these channels without a published video (new, failed or cut short). */
    pendingDemoItems(channelIds: number[]): Promise<PendingItem[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('vod_media_items')
        .select(['id', 'channel_id', 'meta'])
        .where('channel_id', 'in', channelIds)
        .where('status', '!=', 'ready')
        .where(sql<boolean>`meta ? 'demo'`)
        .orderBy('published_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** The VOD (kind 3) row of packaging is the item itself: its status, playlist and length. */
    async recordVod(
      itemId: number,
      r: { status: VodMediaStatus; storageKey: string | null; meta?: Record<string, unknown> },
    ) {
      const duration = r.meta?.duration_seconds;
      await db
        .updateTable('vod_media_items')
        .set({
          status: r.status,
          storage_key: r.storageKey,
          ...(typeof duration === 'number' ? { duration_seconds: duration } : {}),
          meta: sql`meta || ${JSON.stringify(r.meta ?? {})}::jsonb`,
          updated_at: new Date(),
        })
        .where('id', '=', itemId)
        .execute();
    },

    /** Poster, thumbnails and previews: one row per kind, replaced by a rerun. */
    async upsertAsset(a: {
      channelId: number;
      itemId: number;
      kind: number;
      storageKey: string;
      meta?: Record<string, unknown>;
    }) {
      if (a.kind === MEDIA_KIND.vod) throw new Error('the VOD is recorded on the item');
      const meta = JSON.stringify(a.meta ?? {});
      await db
        .insertInto('vod_media_assets')
        .values({
          channel_id: a.channelId,
          item_id: a.itemId,
          kind: a.kind,
          storage_key: a.storageKey,
          meta,
        })
        .onConflict((oc) =>
          oc
            .columns(['item_id', 'kind'])
            .doUpdateSet({ storage_key: a.storageKey, url: null, meta }),
        )
        .execute();
    },
  };
}
export type VodJobsRepository = ReturnType<typeof createVodJobsRepository>;
