import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';

/** `%…%` for ILIKE with the searcher's own % and _ taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL only: the channel's users as the console's people screens see them, always channel-bound. */
export function createPeopleAdminRepository(db: DB) {
  const users = (channelId: number) =>
    db.selectFrom('users').where('users.channel_id', '=', channelId);
  const summary = [
    'users.id',
    'users.email',
    'users.first_name',
    'users.last_name',
    'users.role',
    'users.blocked_at',
    'users.created_at',
  ] as const;

  return {
    /** Users whose e-mail or name holds `q` (case-insensitive), newest first, with the total. */
    async search(channelId: number, q: string, offset: number, limit: number) {
      let base = users(channelId);
      if (q !== '') {
        const like = containing(q);
        base = base.where((eb) =>
          eb.or([
            eb('users.email', 'ilike', like),
            eb(sql<string>`users.first_name || ' ' || users.last_name`, 'ilike', like),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base.select(summary).orderBy('users.id', 'desc').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    byId: (channelId: number, id: number) =>
      users(channelId)
        .select([...summary, 'users.email_verified_at', 'users.language'])
        .where('users.id', '=', id)
        .executeTakeFirst(),

    /** Paid and refunded orders with the name of what they bought, newest first. */
    passes(channelId: number, userId: number) {
      return db
        .selectFrom('orders as o')
        .leftJoin('events as e', (j) =>
          j.onRef('e.id', '=', 'o.product_id').on('o.type', '=', 'event'),
        )
        .leftJoin('packages as p', (j) =>
          j.onRef('p.id', '=', 'o.product_id').on('o.type', '=', 'package'),
        )
        .leftJoin('subscriptions as s', (j) =>
          j.onRef('s.id', '=', 'o.product_id').on('o.type', '=', 'subscription'),
        )
        .select([
          'o.id',
          'o.type',
          'o.status',
          'o.activity_status',
          'o.amount_cents',
          'o.currency',
          'o.created_at',
          'o.period_end',
          sql<Record<string, string> | null>`coalesce(e.name, p.name, s.name)`.as('name'),
        ])
        .where('o.channel_id', '=', channelId)
        .where('o.user_id', '=', userId)
        .where('o.status', 'in', ['paid', 'refunded'])
        .orderBy('o.id', 'desc')
        .limit(200)
        .execute();
    },

    subscriptions(channelId: number, userId: number) {
      return db
        .selectFrom('user_subscriptions as us')
        .innerJoin('subscriptions as s', 's.id', 'us.subscription_id')
        .select(['us.id', 's.name', 'us.status', 'us.renewal', 'us.current_period_end'])
        .where('us.channel_id', '=', channelId)
        .where('us.user_id', '=', userId)
        .orderBy('us.id', 'desc')
        .execute();
    },

    async setBlocked(channelId: number, id: number, at: Date | null) {
      await db
        .updateTable('users')
        .set({ blocked_at: at })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    admins: (channelId: number) =>
      users(channelId)
        .select(['users.id', 'users.email', 'users.first_name', 'users.last_name'])
        .where('users.role', '=', 'admin')
        .orderBy('users.email')
        .execute(),

    async setRole(channelId: number, id: number, role: 'viewer' | 'admin') {
      await db
        .updateTable('users')
        .set({ role })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    /** The user of this channel with this e-mail (addresses compare without case). */
    userByEmail: (channelId: number, email: string) =>
      users(channelId)
        .select(['users.id', 'users.email', 'users.role', 'users.blocked_at'])
        .where(sql`lower(users.email)`, '=', email.toLowerCase())
        .executeTakeFirst(),

    pendingInvitations: (channelId: number, now: Date) =>
      db
        .selectFrom('admin_invitations')
        .select(['id', 'email', 'invited_by_email', 'created_at', 'expires_at'])
        .where('channel_id', '=', channelId)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .execute(),

    invitation: (channelId: number, id: number) =>
      db
        .selectFrom('admin_invitations')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst(),

    invitationByToken: (tokenHash: Buffer) =>
      db
        .selectFrom('admin_invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    insertInvitation: (row: {
      channel_id: number;
      email: string;
      token_hash: Buffer;
      invited_by_email: string;
      expires_at: Date;
    }) => db.insertInto('admin_invitations').values(row).returning('id').executeTakeFirstOrThrow(),

    /** Withdraws the channel's other open invitations to this address (one link works at a time). */
    async withdrawOpen(channelId: number, email: string, now: Date) {
      await db
        .updateTable('admin_invitations')
        .set({ withdrawn_at: now })
        .where('channel_id', '=', channelId)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .execute();
    },

    async withdraw(channelId: number, id: number, now: Date) {
      await db
        .updateTable('admin_invitations')
        .set({ withdrawn_at: now })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .execute();
    },

    /**
     * Spends the invitation: true only for the one call that finds it open (the row's own
     * condition, so two accepts racing cannot both succeed).
     */
    async accept(id: number, userId: number, now: Date): Promise<boolean> {
      const res = await db
        .updateTable('admin_invitations')
        .set({ accepted_at: now, accepted_by: userId })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type PeopleAdminRepository = ReturnType<typeof createPeopleAdminRepository>;
