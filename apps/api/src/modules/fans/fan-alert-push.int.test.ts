import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fallbackOrigin, loadConfig } from '../../config.js';
import type { DB } from '../../db/database.js';
import { loadAppSecret } from '../../lib/app-secret.js';
import { createAppSecretsRepository } from '../../lib/app-secrets.repository.js';
import { insertGame, teamsOf } from '../../test/fans-test-kit.js';
import { startPushService, verifiedVapid, type PushService } from '../../test/push-service.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';
import { createChannelParts } from '../channel/channel-parts.js';
import { mailerFactory } from '../mail/mailer.js';
import { createFanAlerts } from './fan-alerts.jobs.js';
import { createPushTransport } from './push-transport.js';
import { loadVapidKeys } from './vapid-keys.js';

/*
 * Alerts by Web Push, end to end below the worker's timer: a viewer's browser subscribes through
 * the API, the alert pass sends through web-push to a push service on loopback that decrypts each
 * message with the device's keys and verifies its VAPID signature, as a browser's would. The push
 * service's errors are what real ones send: 503 with Retry-After (retried later), 410 (the
 * subscription is dropped).
 */

const PUSH_PORT = 4510;
let t: TestContext;
let push: PushService;
/** The pass's clock: far from the seed's games, so only this test's game alerts. */
let now = new Date('2031-03-04T18:00:00Z');

async function alerts(db: DB = t.database.db) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const secrets = createAppSecretsRepository(db);
  const vapid = await loadVapidKeys(config, secrets);
  if (!vapid) throw new Error('Web Push is on in tests');
  return createFanAlerts({
    db,
    mailerFor: mailerFactory({ MAIL_FROM: 'Demo <alerts@example.test>' }),
    ...createChannelParts(db, fallbackOrigin(config)),
    secret: await loadAppSecret(secrets, undefined),
    pushes: createPushTransport({ vapid, production: false }),
    now: () => now,
  });
}

/** A signed-in viewer who follows things, in a language. */
async function viewer(
  follows: { type: 'participant' | 'participant_group'; id: number }[],
  language: 'en' | 'fr',
) {
  const u = await signedInUser(t);
  const db = t.database.db;
  await db.updateTable('users').set({ language }).where('id', '=', u.userId).execute();
  if (follows.length === 0) return u;
  await db
    .insertInto('favorites')
    .values(
      follows.map((f) => ({
        channel_id: t.demoChannelId,
        user_id: u.userId,
        favoritable_type: f.type,
        favoritable_id: f.id,
      })),
    )
    .execute();
  return u;
}

const post = (url: string, apiKey: string, body: object) =>
  t.inject({ method: 'POST', url, payload: { api_key: apiKey, ...body } });

const messagesTo = (device: string) =>
  push.received
    .filter((r) => r.device === device && r.status === 201)
    .map((r) => JSON.parse(r.plaintext) as Record<string, string>);

beforeAll(async () => {
  push = await startPushService(PUSH_PORT);
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('alerts by Web Push', () => {
  it('subscribing: bound to the signed-in viewer, idempotent, validated', async () => {
    const v = await viewer([], 'en');
    const url = '/api/notifications/push/subscriptions';
    const device = push.device();
    const anonymous = await t.apiKey();
    expect((await post(url, anonymous, device.subscription)).statusCode).toBe(401);
    expect((await post(url, v.apiKey, device.subscription)).statusCode).toBe(200);
    expect((await post(url, v.apiKey, device.subscription)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'channel_id'])
      .where('endpoint', '=', device.endpoint)
      .execute();
    expect(rows).toEqual([{ user_id: v.userId, channel_id: t.demoChannelId }]);

    const bad = async (body: object) => {
      const res = await post(url, v.apiKey, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json<{ code: string }>().code;
    };
    const keys = device.subscription.keys;
    expect(await bad({ endpoint: 'ftp://push.example/x', keys })).toBe('validation_failed');
    await bad({ endpoint: `https://push.example/${'a'.repeat(2100)}`, keys });
    await bad({ endpoint: device.endpoint, keys: { ...keys, auth: 'short' } });
    // 87 base64url characters that are no point of the curve.
    await bad({ endpoint: device.endpoint, keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } });
    await bad({ endpoint: device.endpoint });

    // Unsubscribing touches only the caller's own subscription, and again is no error.
    const other = await viewer([], 'en');
    const del = (apiKey: string) =>
      t.inject({
        method: 'DELETE',
        url: `${url}?api_key=${apiKey}&endpoint=${encodeURIComponent(device.endpoint)}`,
      });
    expect((await del(other.apiKey)).statusCode).toBe(200);
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', device.endpoint)
        .execute(),
    ).toHaveLength(1);
    expect((await del(v.apiKey)).statusCode).toBe(200);
    expect((await del(v.apiKey)).statusCode).toBe(200);
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', device.endpoint)
        .execute(),
    ).toHaveLength(0);
  }, 60_000);

  it('pushes "is live now" once per viewer, encrypted and signed, retried, gone devices dropped', async () => {
    const db = t.database.db;
    const { home, away, sport } = await teamsOf(db, t.demoChannelId);
    const gameId = await insertGame(db, {
      channelId: t.demoChannelId,
      start: new Date(now.getTime() - 5 * 60_000),
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    const config = await t.get('/api/notifications/push', { api_key: await t.apiKey() });
    const publicKey = config.json<{ public_key: string }>().public_key;
    expect(publicKey).toMatch(/^[\w-]{87}$/);

    // By push only, on two devices; one of them the push service has dropped (410).
    const en = await viewer([{ type: 'participant', id: home.id }], 'en');
    const settings = { live: { email: false, push: true }, tomorrow: { email: true, push: false } };
    expect((await post('/api/notifications/settings', en.apiKey, settings)).json()).toEqual(
      settings,
    );
    const phone = push.device();
    const oldLaptop = push.device([{ status: 410 }]);
    for (const d of [phone, oldLaptop]) {
      expect(
        (await post('/api/notifications/push/subscriptions', en.apiKey, d.subscription)).statusCode,
      ).toBe(200);
    }
    // By mail and push, following the team and its school: one alert. The push service is busy
    // the first time (503, Retry-After).
    const fr = await viewer(
      [
        { type: 'participant', id: away.id },
        { type: 'participant_group', id: away.participant_group_id ?? 0 },
      ],
      'fr',
    );
    await post('/api/notifications/settings', fr.apiKey, {
      live: { email: true, push: true },
      tomorrow: { email: true, push: true },
    });
    const tablet = push.device([{ status: 503, headers: { 'retry-after': '120' } }]);
    await post('/api/notifications/push/subscriptions', fr.apiKey, tablet.subscription);

    const run = await alerts();
    await run.runOnce();

    const [toPhone] = messagesTo(phone.id);
    expect(messagesTo(phone.id)).toHaveLength(1);
    const parts = createChannelParts(db, fallbackOrigin(loadConfig({ NODE_ENV: 'test' })));
    const { channel_name: channelName } = await parts.channel.settings(t.demoChannelId);
    expect(toPhone?.title).toBe(`${home.name} is live now · ${channelName}`);
    // The game's own name, as the operator gave it (issue 34).
    expect(toPhone?.body).toContain('Test game');
    expect(toPhone?.url).toMatch(new RegExp(`^https?://[^/]+/watch/${gameId}$`));
    expect(toPhone?.lang).toBe('en');

    const request = push.received.find((r) => r.device === phone.id);
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.urgency).toBe('high');
    expect(Number(request?.headers.ttl)).toBeGreaterThan(60);
    const vapid = verifiedVapid(request?.headers.authorization);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    const nowS = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(nowS);
    expect(vapid.claims.exp).toBeLessThanOrEqual(nowS + 24 * 3600);

    // The dropped device is forgotten; the viewer who chose push only got no mail.
    expect(push.received.filter((r) => r.device === oldLaptop.id).map((r) => r.status)).toEqual([
      410,
    ]);
    const subs = await db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', en.userId)
      .execute();
    expect(subs.map((s) => s.endpoint)).toEqual([phone.endpoint]);
    const mails = async (to: string) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox
        where to_address = ${to} and text_body like ${`%/watch/${gameId}%`}`.execute(db);
      return rows[0]?.n;
    };
    expect(await mails(en.email)).toBe(0);
    expect(await mails(fr.email)).toBe(1);

    // The busy push service: not sent yet, due again after its Retry-After, then delivered.
    expect(messagesTo(tablet.id)).toHaveLength(0);
    await run.runOnce();
    expect(messagesTo(tablet.id)).toHaveLength(0);
    now = new Date(now.getTime() + 121_000);
    await run.runOnce();
    const [toTablet] = messagesTo(tablet.id);
    expect(messagesTo(tablet.id)).toHaveLength(1);
    expect(toTablet?.title).toBe(`${away.name} est en direct · ${channelName}`);
    expect(toTablet?.lang).toBe('fr');
    expect(push.received.filter((r) => r.device === tablet.id).map((r) => r.status)).toEqual([
      503, 201,
    ]);

    // Nothing more on later passes: one alert per viewer and game, on each chosen channel.
    now = new Date(now.getTime() + 3_600_000);
    await run.runOnce();
    expect(messagesTo(phone.id)).toHaveLength(1);
    expect(messagesTo(tablet.id)).toHaveLength(1);
    expect(await mails(fr.email)).toBe(1);
    const { rows } = await sql<{ user_id: number; n: number }>`select user_id, count(*)::int as n
      from fan_alerts where event_id = ${gameId} group by user_id order by user_id`.execute(db);
    expect(rows).toEqual([
      { user_id: en.userId, n: 1 },
      { user_id: fr.userId, n: 1 },
    ]);
  }, 60_000);
});
