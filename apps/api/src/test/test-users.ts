import { randomBytes } from 'node:crypto';
import { API_KEY_TTL_MS } from '@rudy/contracts';
import { hashApiKey } from '../modules/keys/keys.service.js';
import type { TestContext } from './test-app.js';

type Fixture = Pick<TestContext, 'database' | 'demoChannelId' | 'apiKey'> & {
  /**
   * The app, when it runs in this process: the key it issued is bound, and its cached copy
   * dropped (as a login does). Without it (API processes of their own, which cached the key as
   * they issued it), the key is made in the database, already bound.
   */
  app?: TestContext['app'];
};

/** A key bound to `userId`, written to the database directly: no process has it cached. */
async function keyInDatabase(t: Fixture, userId: number, channelKey: string | undefined) {
  const channel = channelKey
    ? await t.database.db
        .selectFrom('channels')
        .select('id')
        .where('key', '=', channelKey)
        .executeTakeFirstOrThrow()
    : { id: t.demoChannelId };
  const apiKey = randomBytes(32).toString('base64url');
  await t.database.db
    .insertInto('api_keys')
    .values({
      channel_id: channel.id,
      key_hash: hashApiKey(apiKey),
      user_id: userId,
      expires_at: new Date(Date.now() + API_KEY_TTL_MS),
    })
    .execute();
  return apiKey;
}

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
  if (!t.app) {
    return { userId: user.id, apiKey: await keyInDatabase(t, user.id, opts.channelKey), email };
  }
  const apiKey = await t.apiKey(opts.channelKey);
  await t.database.db
    .updateTable('api_keys')
    .set({ user_id: user.id })
    .where('key_hash', '=', hashApiKey(apiKey))
    .execute();
  // Signed in as a login does it: the key's cached (anonymous) copy is dropped.
  t.app.apiKeys.forgetKey(apiKey);
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
