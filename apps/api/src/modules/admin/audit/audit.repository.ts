import { sql } from 'kysely';
import type { AuditEntity } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import type { AdminCaller } from '../admin-access.js';
import type { Snapshot } from './audit-diff.js';

export type { AuditEntity };

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditChange {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

/** SQL only: the console's audit log (append-only). */
export function createAuditRepository(db: DB) {
  return {
    async record(caller: AdminCaller, change: AuditChange): Promise<void> {
      await db
        .insertInto('admin_audit_log')
        .values({
          channel_id: caller.channelId,
          actor_user_id: caller.userId,
          actor_email: caller.email,
          action: change.action,
          entity: change.entity,
          entity_id: change.entityId,
          before: change.before === null ? null : JSON.stringify(change.before),
          after: change.after === null ? null : JSON.stringify(change.after),
        })
        .execute();
    },

    /** A page of the channel's log, newest first, with how many rows match. */
    async page(channelId: number, q: { entity?: AuditEntity; offset: number; limit: number }) {
      let base = db.selectFrom('admin_audit_log').where('channel_id', '=', channelId);
      if (q.entity) base = base.where('entity', '=', q.entity);
      const [rows, count] = await Promise.all([
        base
          .select([
            'id',
            'created_at',
            'actor_email',
            'action',
            'entity',
            'entity_id',
            'before',
            'after',
          ])
          .orderBy('id', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Serialises the channel's console changes (held until the transaction ends): two admins, or
     * a double click, never interleave a read-then-write such as choosing a free alias.
     */
    async lockChannel(channelId: number): Promise<void> {
      await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, ${channelId})`.execute(db);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** First key of the two-key advisory lock: the console's writes ('ADMN'). */
const ADVISORY_NAMESPACE = 0x41444d4e;
