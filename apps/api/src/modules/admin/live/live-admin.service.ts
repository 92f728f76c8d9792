import { LiveDropReasonSchema, type AdminLiveIngest } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { notFound } from '../../../lib/http-error.js';
import type { IngestSettings } from '../../media/ingest/ingest-settings.js';
import { createStreamKeyService } from '../../media/ingest/stream-key-service.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { channelRows } from '../channel-rows.repository.js';

/** The last drop the ingest recorded, when its reason is one the console knows. */
function dropOf(
  row: { last_drop_reason: string | null; last_drop_at: Date | null } | undefined,
): AdminLiveIngest['last_drop'] {
  const reason = LiveDropReasonSchema.safeParse(row?.last_drop_reason);
  if (!reason.success || !row?.last_drop_at) return null;
  return { reason: reason.data, at: new Date(row.last_drop_at).toISOString() };
}

/** The worker reports every 2 s; a stream unheard of for this long is offline (its worker died). */
const ONLINE_WITHIN_MS = 15_000;

/**
 * A game's RTMP ingest in the console: the address and key for the operator's encoder, and what
 * the ingest worker last reported. The key is made (or replaced) by rotate, which alone returns
 * it: the database keeps its hash only, the audit log its date only.
 */
export function createLiveAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  settings: IngestSettings | null;
  now: () => Date;
}) {
  const keys = createStreamKeyService(deps.db);

  async function requireGame(db: DB, channelId: number, eventId: number) {
    if (!(await channelRows(db, 'events').exists(channelId, eventId)))
      throw notFound('Game not found');
  }

  async function state(channelId: number, eventId: number, streamKey: string | null) {
    const row = await keys.state(channelId, eventId);
    const now = deps.now().getTime();
    const online =
      row?.online_since != null &&
      row.seen_at != null &&
      now - new Date(row.seen_at).getTime() < ONLINE_WITHIN_MS;
    const result: AdminLiveIngest = {
      event_id: eventId,
      enabled: deps.settings !== null,
      ingest_url: deps.settings?.url ?? null,
      has_key: row !== undefined,
      key_created_at: row ? new Date(row.key_created_at).toISOString() : null,
      stream_key: streamKey,
      online,
      since: online && row?.online_since ? new Date(row.online_since).toISOString() : null,
      bitrate_kbps: online ? (row?.bitrate_kbps ?? null) : null,
      last_drop: dropOf(row),
    };
    return result;
  }

  return {
    async get(channelId: number, eventId: number): Promise<AdminLiveIngest> {
      await requireGame(deps.db, channelId, eventId);
      return state(channelId, eventId, null);
    },

    /** A new key for the game; the previous one stops working at once (and its publisher is cut). */
    async rotate(caller: AdminCaller, eventId: number): Promise<AdminLiveIngest> {
      const key = await deps.changes.apply(caller, async (trx, audit) => {
        await requireGame(trx, caller.channelId, eventId);
        const before = await keys.state(caller.channelId, eventId, trx);
        const at = deps.now();
        const made = await keys.rotate(trx, caller.channelId, eventId, at);
        const when = (d: Date | undefined) => (d ? new Date(d).toISOString() : null);
        await audit({
          action: 'update',
          entity: 'game',
          entityId: eventId,
          before: { stream_key_created_at: when(before?.key_created_at) },
          after: { stream_key_created_at: at.toISOString() },
        });
        return made;
      });
      return state(caller.channelId, eventId, key);
    },
  };
}
export type LiveAdminService = ReturnType<typeof createLiveAdminService>;
