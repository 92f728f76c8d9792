import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from './test-app.js';
import { adminUser, signedInUser } from './test-users.js';

/** Test support for the console's API: a test app with its admin, and the access checks. */

export type Admin = Awaited<ReturnType<typeof adminUser>>;

/** A test app per file with an admin of the demo channel; `env` as createTestApp takes it. */
export function adminTestApp(env?: Parameters<typeof createTestApp>[0]) {
  const ctx = { t: undefined as unknown as TestContext, admin: undefined as unknown as Admin };
  beforeAll(async () => {
    ctx.t = await createTestApp(env);
    ctx.admin = await adminUser(ctx.t);
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}

/** An admin of the other channel: the demo channel's ids must mean nothing to them. */
export const otherChannelAdmin = (t: TestContext) =>
  adminUser(t, { channelId: t.otherChannelId, channelKey: OTHER_CHANNEL_KEY });

/** Each call answers 401 with an anonymous key and 403 with a signed-in viewer's key. */
export async function expectAdminOnly(
  t: TestContext,
  calls: ((apiKey: string) => Promise<LightMyRequestResponse>)[],
) {
  const anonymous = await t.apiKey();
  const viewer = await signedInUser(t);
  for (const call of calls) {
    expect((await call(anonymous)).statusCode).toBe(401);
    expect((await call(viewer.apiKey)).statusCode).toBe(403);
  }
}
