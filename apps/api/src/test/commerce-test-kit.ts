import type { CheckoutResponse, Order } from '@rudy/contracts';
import { createTestApp, type TestContext } from './test-app.js';
import { hashApiKey } from '../modules/keys/keys.service.js';
import { signedInUser } from './test-users.js';

/** Test cards (Stripe's test numbers). */
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDs: '4000 0025 0000 3155',
  failsLater: '4000 0000 0000 0341',
} as const;
export const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123' });

/** Seeding two channels on PGlite takes a while on a busy machine. */
export const SETUP_TIMEOUT_MS = 180_000;

/** A test app on the sandbox with a clock the test moves. */
export async function commerceApp(env: Record<string, string> = {}) {
  const clock = { ms: Date.now() };
  const t = await createTestApp(
    { SANDBOX_SETTLE_MS: '1500', COMMERCE_RECONCILE_AFTER_S: '30', ...env },
    { now: () => new Date(clock.ms) },
  );
  return { t, clock };
}

export function kit(t: TestContext, clock: { ms: number }) {
  const post = (url: string, api_key: string, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url, payload: { api_key, ...payload } });
  const k = {
    post,
    user: (opts: { channelKey?: string; channelId?: number; email?: string } = {}) =>
      signedInUser(t, opts),
    async buy(api_key: string, payload: Record<string, unknown>, url = '/api/stripe/buy') {
      const res = await post(url, api_key, payload);
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body}`);
      return res.json<CheckoutResponse>();
    },
    async order(api_key: string, id: number) {
      const res = await t.get(`/api/orders/${id}`, { api_key });
      if (res.statusCode !== 200) throw new Error(`order ${res.statusCode}: ${res.body}`);
      return res.json<Order>();
    },
    /** Moves the clock on and runs the commerce jobs once (settlements, renewals, expiry). */
    async advance(ms: number) {
      clock.ms += ms;
      await t.app.commerce.jobs.runOnce();
    },
    /** A new key bound to the user: keys expire after 30 days of test clock. */
    async freshKey(userId: number) {
      const apiKey = await t.apiKey();
      await t.database.db
        .updateTable('api_keys')
        .set({ user_id: userId })
        .where('key_hash', '=', hashApiKey(apiKey))
        .execute();
      return apiKey;
    },
    async access(api_key: string) {
      return (await t.get('/api/user/access', { api_key })).json<{ capabilities: string[] }>();
    },
    async passId(name: RegExp) {
      const res = await t.get('/api/packages', { api_key: await t.apiKey() });
      const found = res.json<{ id: number; name: string }[]>().find((p) => name.test(p.name));
      if (!found) throw new Error(`no pass ${name.source}`);
      return found.id;
    },
    async subscriptionId(period: 'month' | 'annual') {
      const res = await t.get('/api/subscriptions', { api_key: await t.apiKey() });
      const found = res.json<{ id: number; period: string }[]>().find((s) => s.period === period);
      if (!found) throw new Error(`no ${period} subscription`);
      return found.id;
    },
    /** A paid (or ppv) event of the demo channel and its single-event package. */
    async paidEvent(access: 'paid' | 'ppv' = 'paid') {
      const row = await t.database.db
        .selectFrom('events')
        .select(['id', 'single_event_package_id'])
        .where('channel_id', '=', t.demoChannelId)
        .where('access_type', '=', access)
        .where('single_event_package_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { eventId: row.id, packageId: row.single_event_package_id ?? 0 };
    },
  };
  return k;
}
