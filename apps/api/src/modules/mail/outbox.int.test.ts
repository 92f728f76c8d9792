import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { OUTBOX_COOKIE } from './outbox-gate.js';

const TOKEN = 'outbox-key-for-this-test-only-0123456789';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ DEV_OUTBOX_TOKEN: TOKEN });
});
afterAll(() => t.close());

/** A victim asks nothing: the attacker requests a reset for them, then reads the outbox. */
async function resetRequestedFor(email: string, channelKey = 'demo-hockey') {
  const channelId = channelKey === OTHER_CHANNEL_KEY ? t.otherChannelId : t.demoChannelId;
  await t.database.db
    .insertInto('users')
    .values({
      channel_id: channelId,
      email,
      first_name: 'Vic',
      last_name: 'Tim',
      password_hash: null,
    })
    .execute();
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/password-reset-request',
    payload: { api_key: await t.apiKey(channelKey), email },
  });
  expect(res.statusCode).toBe(200);
}

const cookie = `${OUTBOX_COOKIE}=${TOKEN}`;

describe('dev outbox: the local user only', () => {
  it('does not exist for a remote peer, even with the key', async () => {
    const email = 'remote-victim@example.test';
    await resetRequestedFor(email);
    for (const url of [`/dev/outbox?to=${email}`, `/dev/outbox?token=${TOKEN}`, '/dev/outbox/1']) {
      const res = await t.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('password-reset');
    }
    const withCookie = await t.inject({
      method: 'GET',
      url: '/dev/outbox/1/json',
      remoteAddress: '203.0.113.9',
      headers: { cookie },
    });
    expect(withCookie.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/dev/outbox/status', remoteAddress: '203.0.113.9' }))
        .statusCode,
    ).toBe(404);
  });

  it('does not exist through a reverse proxy on the same machine', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { cookie, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is locked on this machine without the key printed at start-up', async () => {
    const email = 'local-victim@example.test';
    await resetRequestedFor(email);
    const list = await t.inject({ method: 'GET', url: `/dev/outbox?to=${email}` });
    expect(list.statusCode).toBe(403);
    expect(list.body).toContain('printed in the terminal');
    expect(list.body).not.toContain(email);
    const guessed = await t.inject({ method: 'GET', url: '/dev/outbox?token=guessed-wrong' });
    expect(guessed.statusCode).toBe(403);
    const one = await t.inject({ method: 'GET', url: '/dev/outbox/1/json' });
    expect(one.statusCode).toBe(403);
    expect((await t.get('/dev/outbox/status')).json()).toEqual({ unlocked: false });
  });

  it('opens with the key, keeps it in a cookie and out of the address bar', async () => {
    const email = 'owner@example.test';
    await resetRequestedFor(email);
    const open = await t.inject({ method: 'GET', url: `/dev/outbox?token=${TOKEN}&to=${email}` });
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe(`/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(String(open.headers['set-cookie'])).toContain(
      `${OUTBOX_COOKIE}=${TOKEN}; Path=/dev; HttpOnly`,
    );
    const list = await t.inject({
      method: 'GET',
      url: `/dev/outbox?to=${email}`,
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(email);
    const id = /\/dev\/outbox\/(\d+)/.exec(list.body)?.[1];
    const mail = await t.inject({
      method: 'GET',
      url: `/dev/outbox/${id}/json`,
      headers: { cookie },
    });
    expect(mail.json<{ text: string }>().text).toContain('/password-reset?');
    const status = await t.inject({
      method: 'GET',
      url: '/dev/outbox/status',
      headers: { cookie },
    });
    expect(status.json()).toEqual({ unlocked: true });
  });

  it('shows only the mails of the channel served on the host', async () => {
    const email = 'other-league-fan@example.test';
    await resetRequestedFor(email, OTHER_CHANNEL_KEY);
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const onDemoHost = await t.inject({ method: 'GET', url: '/dev/outbox', headers: { cookie } });
    expect(onDemoHost.body).not.toContain(email);
    const byId = await t.inject({
      method: 'GET',
      url: `/dev/outbox/${row.id}`,
      headers: { cookie },
    });
    expect(byId.statusCode).toBe(404);
    const onOwnHost = await t.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { cookie, host: 'other.example.test' },
    });
    expect(onOwnHost.body).toContain(email);
  });

  it('has a request budget of its own', async () => {
    const limited = await createTestApp({ DEV_OUTBOX_TOKEN: TOKEN, DEV_RATE_LIMIT_MAX: '3' });
    try {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        seen.push((await limited.inject({ method: 'GET', url: '/dev/outbox/status' })).statusCode);
      }
      expect(seen).toEqual([200, 200, 200, 429]);
      // The API budget is untouched.
      expect((await limited.get('/api/menu', { api_key: await limited.apiKey() })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});
