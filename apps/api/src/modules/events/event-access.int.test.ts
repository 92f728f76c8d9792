import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

describe('has_access follows purchases', () => {
  it('opens a paid event to its buyer only, at once', async () => {
    const paid = await t.database.db
      .selectFrom('events')
      .select(['id', 'single_event_package_id'])
      .where('channel_id', '=', t.demoChannelId)
      .where('access_type', '=', 'paid')
      .where('single_event_package_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const buyer = await signedInUser(t);
    const other = await signedInUser(t);
    const hasAccess = async (apiKey: string) =>
      EventSchema.parse((await t.get(`/api/events/${paid.id}`, { api_key: apiKey })).json())
        .has_access;
    expect(await hasAccess(buyer.apiKey)).toBe(false);

    await t.database.db
      .insertInto('orders')
      .values({
        channel_id: t.demoChannelId,
        user_id: buyer.userId,
        type: 'event',
        product_id: paid.single_event_package_id ?? 0,
        status: 'paid',
        activity_status: 'active',
        amount_cents: 999,
        currency: 'CAD',
        provider: 'sandbox',
        idempotency_key: `event-access-${buyer.userId}`,
      })
      .execute();

    expect(await hasAccess(buyer.apiKey)).toBe(true);
    expect(await hasAccess(other.apiKey)).toBe(false);
    expect(await hasAccess(await t.apiKey())).toBe(false);
  });
});
