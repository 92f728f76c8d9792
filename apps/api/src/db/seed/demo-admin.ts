import { createHmac } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../modules/auth/password.js';
import type { DB } from '../database.js';
import { DEMO_CHANNEL_KEY } from './demo-channel.js';

export const DEMO_ADMIN_EMAIL = 'admin@njhl.example';

/**
 * The demo's password for its admin, derived from the app secret: the same at every start (so it
 * can be printed again), different on every install, and never stored in clear.
 */
export function demoAdminPassword(secret: string): string {
  return createHmac('sha256', secret)
    .update('demo-admin-password')
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The demo channel's admin account (the channel's operator, who reads the dashboard at /admin):
 * created at the first start, then left alone. Returns what to print: the password while it is
 * still the derived one, null once the operator changed it. An existing account with that address
 * that is not an admin (a visitor registered it first) is never promoted: nothing is returned.
 */
export async function ensureDemoAdmin(
  db: DB,
  secret: string,
): Promise<{ email: string; password: string | null } | null> {
  const channel = await db
    .selectFrom('channels')
    .select('id')
    .where('key', '=', DEMO_CHANNEL_KEY)
    .executeTakeFirst();
  if (!channel) return null;
  const password = demoAdminPassword(secret);
  const existing =
    (await findDemoAdmin(db, channel.id)) ?? (await createDemoAdmin(db, channel.id, password));
  if (existing === 'created') return { email: DEMO_ADMIN_EMAIL, password };
  if (existing.role !== 'admin') return null;
  const unchanged = await verifyPassword(existing.password_hash, password);
  return { email: DEMO_ADMIN_EMAIL, password: unchanged ? password : null };
}

function findDemoAdmin(db: DB, channelId: number) {
  return db
    .selectFrom('users')
    .select(['role', 'password_hash'])
    .where('channel_id', '=', channelId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', DEMO_ADMIN_EMAIL))
    .executeTakeFirst();
}

/**
 * Several processes may start at once on an empty database: the first insert wins and the others
 * read the row it wrote, instead of failing their start on the unique address.
 */
async function createDemoAdmin(db: DB, channelId: number, password: string) {
  const created = await db
    .insertInto('users')
    .values({
      channel_id: channelId,
      email: DEMO_ADMIN_EMAIL,
      first_name: 'Channel',
      last_name: 'Admin',
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
      role: 'admin',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return 'created' as const;
  const winner = await findDemoAdmin(db, channelId);
  if (!winner) throw new Error('the demo admin was neither created nor found');
  return winner;
}
