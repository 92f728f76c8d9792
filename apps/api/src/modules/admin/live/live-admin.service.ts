import {
  LiveDropReasonSchema,
  LiveStreamMeasureSchema,
  type AdminLiveHealth,
  type AdminLiveIngest,
} from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { notFound } from '../../../lib/http-error.js';
import type { IngestSettings } from '../../media/ingest/ingest-settings.js';
import { createStreamKeyService } from '../../media/ingest/stream-key-service.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { streamAdvice } from './stream-advice.js';
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

  type Row = Awaited<ReturnType<typeof keys.state>>;
  const isOnline = (row: Row) =>
    row?.online_since != null &&
    row.seen_at != null &&
    deps.now().getTime() - new Date(row.seen_at).getTime() < ONLINE_WITHIN_MS;

  async function state(channelId: number, eventId: number, streamKey: string | null) {
    const row = await keys.state(channelId, eventId);
    const online = isOnline(row);
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

    /**
     * What the encoder sends, as the ingest last measured it, and where it does not fit the
     * ladder (with the OBS setting to change); nothing measured while off air.
     */
    async health(channelId: number, eventId: number): Promise<AdminLiveHealth> {
      await requireGame(deps.db, channelId, eventId);
      const row = await keys.state(channelId, eventId);
      const online = isOnline(row);
      // Written by a worker of this build or an older one: only what still parses is shown.
      const parsed = LiveStreamMeasureSchema.safeParse(row?.stream_health);
      const measure = online && parsed.success ? parsed.data : null;
      return {
        event_id: eventId,
        online,
        measured_at: measure && row?.seen_at ? new Date(row.seen_at).toISOString() : null,
        window_s: measure?.window_s ?? null,
        video: measure?.video ?? null,
        audio: measure?.audio ?? null,
        claimed: measure?.claimed ?? null,
        dropped_frames: measure?.dropped_frames ?? null,
        late_frames: measure?.late_frames ?? null,
        last_drop: dropOf(row),
        warnings: measure ? streamAdvice(measure) : [],
      };
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
