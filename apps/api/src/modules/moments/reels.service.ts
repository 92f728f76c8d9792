import type { AdminReel, Locale, ReelSettings } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { pickText } from '../../lib/i18n-text.js';
import type { AdminCaller } from '../admin/admin-access.js';
import type { AdminChanges } from '../admin/admin-changes.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { reelsRepository } from './highlights-reel.js';

const UNKNOWN_REEL = 'Unknown reel';

/** A repeated decision that changes nothing: the reel as it is. */
class SameDecision extends Error {
  constructor(readonly reel: AdminReel) {
    super('the same decision');
  }
}

function reelRows(db: DB, channelId: number) {
  return db
    .selectFrom('moment_reels as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'r.event_id',
      'e.name',
      'r.status',
      'r.vod_item_id',
      'r.moments',
      'r.duration_seconds',
      'r.created_at',
    ])
    .where('r.channel_id', '=', channelId);
}
type ReelRow = Awaited<ReturnType<ReturnType<typeof reelRows>['executeTakeFirstOrThrow']>>;

const toReel = (row: ReelRow, locale: Locale): AdminReel => ({
  event_id: row.event_id,
  event_name: pickText(row.name, locale),
  status: row.status,
  vod_item_id: row.vod_item_id,
  moments: row.moments,
  duration_seconds: row.duration_seconds,
  created_at: new Date(row.created_at).toISOString(),
});
const snapshot = (row: Pick<ReelRow, 'event_id' | 'status' | 'vod_item_id'>) => ({
  event_id: row.event_id,
  status: row.status,
  vod_item_id: row.vod_item_id,
});

/**
 * The console's highlights reels: the ones waiting for approval, the decision on each (approve
 * lists its library video in the Highlights rail, discard deletes it and its files) and the
 * channel's choice. Every change in one transaction with its audit row ('highlights_reel').
 */
export function createReelsAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  storage: MediaStorage | null;
}) {
  return {
    async pending(channelId: number, locale: Locale) {
      const rows = await reelRows(deps.db, channelId)
        .where('r.status', '=', 'pending')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.event_id', 'desc')
        .execute();
      return { reels: rows.map((r) => toReel(r, locale)) };
    },

    /** A decision on a pending reel; the same decision again (a double click) changes nothing. */
    async decide(
      caller: AdminCaller,
      eventId: number,
      decision: 'approve' | 'discard',
      locale: Locale,
    ) {
      const wanted = decision === 'approve' ? 'published' : 'discarded';
      let discardedItem: number | null = null;
      const reel = await deps.changes
        .apply(caller, async (trx, audit) => {
          const old = await reelRows(trx, caller.channelId)
            .where('r.event_id', '=', eventId)
            .forUpdate('r')
            .executeTakeFirst();
          if (!old || old.status === 'cutting' || old.status === 'empty') {
            throw notFound(UNKNOWN_REEL);
          }
          if (old.status === wanted) throw new SameDecision(toReel(old, locale));
          if (old.status !== 'pending') {
            throw new HttpError(409, 'in_use', `The reel was already ${old.status}`);
          }
          const itemId = old.vod_item_id;
          if (itemId !== null && decision === 'approve') {
            await reelsRepository(trx).publishItem(caller.channelId, itemId);
          }
          if (itemId !== null && decision === 'discard') {
            await trx
              .deleteFrom('vod_media_items')
              .where('channel_id', '=', caller.channelId)
              .where('id', '=', itemId)
              .execute();
            discardedItem = itemId;
          }
          const now = await trx
            .updateTable('moment_reels')
            .set({
              status: wanted,
              decided_by: caller.userId,
              updated_at: sql<Date>`now()`,
              ...(decision === 'discard' ? { vod_item_id: null } : {}),
            })
            .where('channel_id', '=', caller.channelId)
            .where('event_id', '=', eventId)
            .returning(['event_id', 'status', 'vod_item_id'])
            .executeTakeFirstOrThrow();
          await audit({
            action: 'update',
            entity: 'highlights_reel',
            entityId: eventId,
            before: snapshot(old),
            after: snapshot(now),
          });
          return toReel({ ...old, ...now }, locale);
        })
        .catch((error: unknown) => {
          if (error instanceof SameDecision) return error.reel;
          throw error;
        });
      // The video's files go once its row is gone (a failure leaves files, never a broken row).
      if (discardedItem !== null && deps.storage) {
        await deps.storage.delete(`${vodItemPrefix(caller.channelId, discardedItem)}/`);
      }
      return reel;
    },

    async settings(channelId: number): Promise<ReelSettings> {
      const reels = reelsRepository(deps.db);
      return { reels_need_approval: await reels.needsApproval(channelId) };
    },

    async updateSettings(caller: AdminCaller, body: ReelSettings): Promise<ReelSettings> {
      return deps.changes.apply(caller, async (trx, audit) => {
        const before = await reelsRepository(trx).needsApproval(caller.channelId);
        await trx
          .updateTable('channels')
          .set({ reels_need_approval: body.reels_need_approval })
          .where('id', '=', caller.channelId)
          .execute();
        await audit({
          action: 'update',
          entity: 'highlights_reel',
          entityId: null,
          before: { reels_need_approval: before },
          after: { reels_need_approval: body.reels_need_approval },
        });
        return { reels_need_approval: body.reels_need_approval };
      });
    },
  };
}
export type ReelsAdminService = ReturnType<typeof createReelsAdminService>;
