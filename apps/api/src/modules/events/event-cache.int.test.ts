import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema } from '@rudy/contracts';
import { card, CARDS, kit } from '../../test/commerce-test-kit.js';
import { queryCounter } from '../../test/query-counter.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { adminUser } from '../../test/test-users.js';

/*
 * GET /events/{id} is cached like the listings: built once for a crowd at a cold cache, a
 * viewer's own has_access never shared with another, and a console change seen at once.
 */

const CROWD = 50;
const counter = queryCounter();
let t: TestContext;
let k: ReturnType<typeof kit>;
beforeAll(async () => {
  // The cache outlives the test, as in production: only invalidation can show a change.
  t = await createTestApp(
    { CATALOGUE_CACHE_MS: '60000', SANDBOX_SETTLE_MS: '0' },
    { withDb: counter.attach },
  );
  k = kit(t, { ms: Date.now() });
});
afterAll(() => t.close());

const event = (id: number, apiKey: string) => t.get(`/api/events/${id}`, { api_key: apiKey });

describe('GET /events/{id} from the cache', () => {
  it(`reads the event once for ${CROWD} concurrent visitors`, async () => {
    const { eventId } = await k.paidEvent();
    const key = await t.apiKey();
    expect((await t.get('/api/settings', { api_key: key })).statusCode).toBe(200);
    counter.reset();
    const answers = await Promise.all(Array.from({ length: CROWD }, () => event(eventId, key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(EventSchema.parse(answers[0]?.json())).toMatchObject({ id: eventId, has_access: false });
    expect(counter.of('events')).toBe(1);
  });

  it("keeps each signed-in viewer's access their own", async () => {
    const { eventId } = await k.paidEvent();
    const buyer = await k.user();
    const other = await k.user();
    const bought = await k.buy(buyer.apiKey, { event_id: eventId, card: card(CARDS.ok) });
    expect((await k.order(buyer.apiKey, bought.order.id)).status).toBe('paid');
    const answers = await Promise.all(
      Array.from({ length: CROWD }, (_, i) => event(eventId, i % 2 ? other.apiKey : buyer.apiKey)),
    );
    answers.forEach((res, i) => {
      expect(EventSchema.parse(res.json()).has_access, `request ${i}`).toBe(i % 2 === 0);
    });
  });

  it('a game hidden or shown again in the console is seen at once', async () => {
    const admin = await adminUser(t);
    const key = await t.apiKey();
    const { eventId } = await k.paidEvent();
    const publish = (published: boolean) =>
      t.inject({
        method: 'POST',
        url: `/api/admin/games/${eventId}/publish`,
        payload: { api_key: admin.apiKey, published },
      });
    expect((await event(eventId, key)).statusCode).toBe(200);
    expect((await publish(false)).statusCode).toBe(200);
    expect((await event(eventId, key)).statusCode).toBe(404);
    expect((await publish(true)).statusCode).toBe(200);
    expect((await event(eventId, key)).statusCode).toBe(200);
  });
});
