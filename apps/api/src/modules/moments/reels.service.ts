import type { AdminReel, Locale, ReelSettings } from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import type { DB } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { pickText } from '../../lib/i18n-text.js';
import type { AdminCaller } from '../admin/admin-access.js';
import type { AdminChanges } from '../admin/admin-changes.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { createReelsRepository, type ReelRow } from './reels.repository.js';

const UNKNOWN_REEL = 'Unknown reel';

/** A repeated decision that changes nothing: the reel as it is. */
class SameDecision extends Error {
  constructor(readonly reel: AdminReel) {
    super('the same decision');
  }
}

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
      const rows = await createReelsRepository(deps.db).pending(channelId);
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
          const reels = createReelsRepository(trx);
          const old = await reels.lockedRow(caller.channelId, eventId);
          if (!old || old.status === 'cutting' || old.status === 'empty') {
            throw notFound(UNKNOWN_REEL);
          }
          if (old.status === wanted) throw new SameDecision(toReel(old, locale));
          if (old.status !== 'pending') {
            throw new HttpError(409, 'in_use', `The reel was already ${old.status}`);
          }
          const itemId = old.vod_item_id;
          if (itemId !== null && decision === 'approve') {
            await reels.publishItem(caller.channelId, itemId);
          }
          if (itemId !== null && decision === 'discard') {
            await reels.deleteItem(caller.channelId, itemId);
            discardedItem = itemId;
          }
          const now = await reels.decide(caller.channelId, eventId, {
            status: wanted,
            decidedBy: caller.userId,
            dropItem: decision === 'discard',
          });
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
      const reels = createReelsRepository(deps.db);
      return { reels_need_approval: await reels.needsApproval(channelId) };
    },

    async updateSettings(caller: AdminCaller, body: ReelSettings): Promise<ReelSettings> {
      return deps.changes.apply(caller, async (trx, audit) => {
        const reels = createReelsRepository(trx);
        const before = await reels.needsApproval(caller.channelId);
        await reels.setNeedsApproval(caller.channelId, body.reels_need_approval);
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
