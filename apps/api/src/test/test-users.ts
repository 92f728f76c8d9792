import { randomBytes } from 'node:crypto';
import { hashApiKey } from '../modules/keys/keys.service.js';
import type { TestContext } from './test-app.js';

type Fixture = Pick<TestContext, 'database' | 'demoChannelId' | 'apiKey'>;

/**
 * A verified user of the demo channel holding a fresh API key bound to them, as after login. For
 * tests of areas that need a signed-in caller without going through the login flow.
 */
export async function signedInUser(
  t: Fixture,
  opts: { channelId?: number; channelKey?: string; email?: string } = {},
): Promise<{ userId: number; apiKey: string; email: string }> {
  const channelId = opts.channelId ?? t.demoChannelId;
  const email = opts.email ?? `viewer-${randomBytes(4).toString('hex')}@example.test`;
  const user = await t.database.db
    .insertInto('users')
    .values({
      channel_id: channelId,
      email,
      first_name: 'Test',
      last_name: 'Viewer',
      password_hash: null,
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const apiKey = await t.apiKey(opts.channelKey);
  await t.database.db
    .updateTable('api_keys')
    .set({ user_id: user.id })
    .where('key_hash', '=', hashApiKey(apiKey))
    .execute();
  return { userId: user.id, apiKey, email };
}

/** A signed-in user holding the channel-admin role (the console's operator). */
export async function adminUser(
  t: Fixture,
  opts: { channelId?: number; channelKey?: string } = {},
): Promise<{ userId: number; apiKey: string; email: string }> {
  const user = await signedInUser(t, {
    ...opts,
    email: `admin-${randomBytes(4).toString('hex')}@example.test`,
  });
  await t.database.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('id', '=', user.userId)
    .execute();
  return user;
}
