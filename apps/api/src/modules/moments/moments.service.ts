import {
  MOMENT_LIMITS,
  type AdminMarkMomentBody,
  type AdminMoment,
  type AdminMomentPatch,
  type Moment,
} from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { AdminCaller } from '../admin/admin-access.js';
import type { AdminChanges } from '../admin/admin-changes.js';
import { createMomentsRepository, type MomentRow } from './moments.repository.js';

const UNKNOWN_GAME = 'Unknown game';
const UNKNOWN_MOMENT = 'Unknown moment';

const toMoment = (row: MomentRow): Moment => ({
  id: row.id,
  at_seconds: Math.round(row.at_seconds * 10) / 10,
  kind: row.kind,
  label: row.label,
  confidence: Math.round(row.confidence * 100) / 100,
});
const toAdmin = (row: MomentRow): AdminMoment => ({
  ...toMoment(row),
  created_by: row.created_by,
  is_edited: row.updated_by !== null,
  created_at: new Date(row.created_at).toISOString(),
});
const snapshot = (row: MomentRow) => ({
  event_id: row.event_id,
  at_seconds: Math.round(row.at_seconds * 10) / 10,
  kind: row.kind,
  label: row.label,
});

/** A repeated mark that changes nothing: the moment it repeats. */
class SameMoment extends Error {
  constructor(readonly row: MomentRow) {
    super('the same moment');
  }
}

/** Viewers' side: a published game's moments, in time order. */
export function createMomentsService(db: DB) {
  const repo = createMomentsRepository(db);
  return {
    async list(channelId: number, eventId: number): Promise<{ moments: Moment[] }> {
      if (!(await repo.game(channelId, eventId, 'published'))) throw notFound(UNKNOWN_GAME);
      return { moments: (await repo.list(channelId, eventId)).map(toMoment) };
    },
  };
}
export type MomentsService = ReturnType<typeof createMomentsService>;

/**
 * The console's side: mark, edit and remove a game's moments, each change in one transaction with
 * its audit row ('moment', the moment's id).
 */
export function createMomentsAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  now: () => Date;
}) {
  const repo = createMomentsRepository(deps.db);

  /** "Now" on a live game's recording: since its live recording started. */
  async function liveNow(channelId: number, eventId: number): Promise<number> {
    const live = await repo.liveStartedAt(channelId, eventId);
    if (!live?.started_at || live.status !== 'live') {
      const message = 'at_seconds: the game is not live, say when the moment was';
      throw new HttpError(400, 'validation_failed', message, { at_seconds: message });
    }
    return Math.max(0, (deps.now().getTime() - new Date(live.started_at).getTime()) / 1000);
  }

  return {
    async list(channelId: number, eventId: number) {
      if (!(await repo.game(channelId, eventId))) throw notFound(UNKNOWN_GAME);
      return { moments: (await repo.list(channelId, eventId)).map(toAdmin) };
    },

    /**
     * A mark without a time is "now" on the live recording; a second one within a few seconds of
     * the last (a double click, a retried request) is that same moment, its label updated.
     */
    async mark(caller: AdminCaller, eventId: number, body: AdminMarkMomentBody) {
      if (!(await repo.game(caller.channelId, eventId))) throw notFound(UNKNOWN_GAME);
      const isNow = body.at_seconds === undefined;
      const at = body.at_seconds ?? (await liveNow(caller.channelId, eventId));
      const row = await deps.changes
        .apply(caller, async (trx, audit) => {
          const scoped = createMomentsRepository(trx);
          const last = isNow
            ? await scoped.markedSince(
                caller.channelId,
                eventId,
                at - MOMENT_LIMITS.markMergeSeconds,
              )
            : undefined;
          if (last) {
            // Nothing to change: no write, so no audit row (the transaction ends unused).
            if (body.label === undefined || body.label === last.label) throw new SameMoment(last);
            const now = await scoped.update(caller.channelId, last.id, {
              label: body.label,
              updatedBy: caller.userId,
            });
            if (!now) throw notFound(UNKNOWN_MOMENT);
            await audit({
              action: 'update',
              entity: 'moment',
              entityId: now.id,
              before: snapshot(last),
              after: snapshot(now),
            });
            return now;
          }
          const made = await scoped.insert({
            channelId: caller.channelId,
            eventId,
            atSeconds: at,
            kind: 'marked',
            label: body.label ?? null,
            confidence: 1,
            createdBy: caller.userId,
          });
          await audit({
            action: 'create',
            entity: 'moment',
            entityId: made.id,
            before: null,
            after: snapshot(made),
          });
          return made;
        })
        .catch((error: unknown) => {
          if (error instanceof SameMoment) return error.row;
          throw error;
        });
      return toAdmin(row);
    },

    async update(caller: AdminCaller, id: number, patch: AdminMomentPatch) {
      const row = await deps.changes.apply(caller, async (trx, audit) => {
        const scoped = createMomentsRepository(trx);
        const old = await scoped.one(caller.channelId, id);
        if (!old) throw notFound(UNKNOWN_MOMENT);
        const now = await scoped.update(caller.channelId, id, {
          ...(patch.at_seconds !== undefined ? { atSeconds: patch.at_seconds } : {}),
          ...(patch.label !== undefined ? { label: patch.label } : {}),
          updatedBy: caller.userId,
        });
        if (!now) throw notFound(UNKNOWN_MOMENT);
        await audit({
          action: 'update',
          entity: 'moment',
          entityId: id,
          before: snapshot(old),
          after: snapshot(now),
        });
        return now;
      });
      return toAdmin(row);
    },

    async remove(caller: AdminCaller, id: number) {
      await deps.changes.apply(caller, async (trx, audit) => {
        const scoped = createMomentsRepository(trx);
        const old = await scoped.one(caller.channelId, id);
        if (!old) throw notFound(UNKNOWN_MOMENT);
        await scoped.remove(caller.channelId, id, old.kind);
        await audit({
          action: 'delete',
          entity: 'moment',
          entityId: id,
          before: snapshot(old),
          after: null,
        });
      });
      return { id, deleted: true as const };
    },
  };
}
export type MomentsAdminService = ReturnType<typeof createMomentsAdminService>;
