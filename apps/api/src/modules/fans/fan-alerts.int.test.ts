import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { fallbackOrigin, loadConfig } from '../../config.js';
import { loadAppSecret } from '../../lib/app-secret.js';
import { createAppSecretsRepository } from '../../lib/app-secrets.repository.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { follower, insertGame, teamsOf } from '../../test/fans-test-kit.js';
import { until } from '../../test/until.js';
import { createChannelParts } from '../channel/channel-parts.js';
import { mailerFactory, type Mailer } from '../mail/mailer.js';
import type { DB } from '../../db/database.js';
import { createFanAlerts } from './fan-alerts.jobs.js';

/*
 * Alerts for followed teams, end to end below the worker's timer: planned from the database,
 * sent through a real SMTP server on loopback (smtp-server) and read back as a mail client would
 * (mailparser), unsubscribed by the RFC 8058 one-click POST without a login.
 */

const SMTP_PORT = 2580;
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

let t: TestContext;
let now = new Date('2026-12-02T01:00:00Z');

function alerts(mailerFor: (db: DB) => Mailer, db: DB = t.database.db) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return loadAppSecret(createAppSecretsRepository(db), undefined).then((secret) =>
    createFanAlerts({
      db,
      mailerFor,
      ...createChannelParts(db, fallbackOrigin(config)),
      secret,
      pushes: null,
      now: () => now,
    }),
  );
}
const smtpMailers = mailerFactory({
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: 'Demo <alerts@example.test>',
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

/** The mails to an address about one game (the seed's games of the same teams alert too). */
const mailTo = (to: string, gameId: number) =>
  received.filter(
    (m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === to) &&
      (m.text ?? '').includes(`/watch/${gameId}\n`),
  );

describe('alerts for followed teams', () => {
  it('mails "is live now" once per viewer, in their language, naming what they follow', async () => {
    const db = t.database.db;
    const { home, away, sport } = await teamsOf(db, t.demoChannelId);
    const start = new Date(now.getTime() - 5 * 60_000);
    const gameId = await insertGame(db, {
      channelId: t.demoChannelId,
      start,
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    // Follows the team and its sport: two roads to one game, one mail.
    const en = await follower(db, t.demoChannelId, [
      { type: 'participant', id: home.id },
      { type: 'event_category', id: sport.id },
    ]);
    const fr = await follower(
      db,
      t.demoChannelId,
      [{ type: 'participant_group', id: away.participant_group_id ?? 0 }],
      { language: 'fr' },
    );
    const stranger = await follower(db, t.otherChannelId, [{ type: 'participant', id: home.id }]);

    const run = await alerts(smtpMailers);
    await run.runOnce();
    await until(
      () => mailTo(fr.email, gameId).length,
      (n) => n >= 1,
      10_000,
    );

    const [enMail] = mailTo(en.email, gameId);
    expect(mailTo(en.email, gameId)).toHaveLength(1);
    expect(enMail?.subject).toMatch(new RegExp(`^${home.name} is live now · `));
    // The game's name as viewers see it: the one it was given (issue 34).
    expect(enMail?.text).toContain('Test game');
    expect(enMail?.text).toMatch(
      new RegExp(`you follow ${home.name} and ${sport.name.en ?? ''}`, 'i'),
    );
    expect(enMail?.text).toContain(`/watch/${gameId}`);
    const [frMail] = mailTo(fr.email, gameId);
    expect(frMail?.subject).toMatch(/ est en direct · /);
    expect(frMail?.text).toMatch(/vous suivez /);
    expect(mailTo(stranger.email, gameId)).toHaveLength(0);

    // RFC 8058: both headers, an https-or-http link of this site, and a POST that works keyless.
    // Unfolded (RFC 5322): a long header is sent over two lines.
    const header = (
      enMail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? ''
    ).replace(/\r\n\s+/g, ' ');
    expect(header).toMatch(
      /^List-Unsubscribe: <https?:\/\/[^>]+\/api\/notifications\/unsubscribe\?user=\d+&token=[\w-]+>$/,
    );
    expect(enMail?.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const link = new URL(/<([^>]+)>/.exec(header)?.[1] ?? 'http://missing');

    // A second pass (or a retried one) sends nothing more.
    await run.runOnce();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from fan_alerts
      where event_id = ${gameId} and user_id in (${en.userId}, ${fr.userId})`.execute(db);
    expect(rows[0]?.n).toBe(2);
    expect(mailTo(en.email, gameId)).toHaveLength(1);

    // Opening the link changes nothing (scanners open links); the one-click POST unsubscribes.
    const page = await t.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const before = await db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', en.userId)
      .executeTakeFirst();
    expect(before).toBeUndefined();
    const post = await t.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const after = await db
      .selectFrom('notification_settings')
      .select(['live_email', 'tomorrow_email'])
      .where('user_id', '=', en.userId)
      .executeTakeFirst();
    expect(after).toEqual({ live_email: false, tomorrow_email: false });

    // A forged token, another user's id, or the link on another channel's host: refused.
    const forged = new URL(link);
    forged.searchParams.set('user', String(fr.userId));
    const oneClick = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    };
    const refused = await t.inject({
      method: 'POST',
      url: `${forged.pathname}${forged.search}`,
      ...oneClick,
    });
    expect(refused.statusCode).toBe(404);
    const elsewhere = await t.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: oneClick.payload,
      headers: { ...oneClick.headers, host: 'other.example.test' },
    });
    expect(elsewhere.statusCode).toBe(404);
  }, 60_000);

  it('says "plays tomorrow at 19:00 (EST)" in the game\'s zone, and respects the settings', async () => {
    const db = t.database.db;
    const { home, away, sport } = await teamsOf(db, t.demoChannelId);
    now = new Date('2026-12-02T01:00:00Z');
    // 19:00 in New York on Dec 2, while it is 20:00 on Dec 1 there.
    const gameId = await insertGame(db, {
      channelId: t.demoChannelId,
      start: new Date('2026-12-03T00:00:00Z'),
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    const en = await follower(db, t.demoChannelId, [{ type: 'participant', id: away.id }]);
    const fr = await follower(db, t.demoChannelId, [{ type: 'participant', id: away.id }], {
      language: 'fr',
    });
    const quiet = await follower(db, t.demoChannelId, [{ type: 'participant', id: away.id }]);
    await db
      .insertInto('notification_settings')
      .values({ user_id: quiet.userId, channel_id: t.demoChannelId, tomorrow_email: false })
      .execute();

    await (await alerts(smtpMailers)).runOnce();
    await until(
      () => mailTo(fr.email, gameId).length,
      (n) => n >= 1,
      10_000,
    );
    expect(mailTo(en.email, gameId)[0]?.subject).toMatch(
      new RegExp(`^${away.name} plays tomorrow at 19:00 \\(EST\\) · `),
    );
    expect(mailTo(fr.email, gameId)[0]?.subject).toMatch(
      new RegExp(`^${away.name} joue demain à 19 h 00 \\(HNE\\) · `),
    );
    expect(mailTo(quiet.email, gameId)).toHaveLength(0);
  }, 60_000);

  it('a pass that dies half-way leaves no alert sent twice nor lost (dev outbox)', async () => {
    const db = t.database.db;
    const { home, away, sport } = await teamsOf(db, t.demoChannelId);
    now = new Date('2026-12-02T01:00:00Z');
    const gameId = await insertGame(db, {
      channelId: t.demoChannelId,
      start: new Date(now.getTime() - 60_000),
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    const fans: { userId: number; email: string }[] = [];
    for (let i = 0; i < 40; i++) {
      fans.push(await follower(db, t.demoChannelId, [{ type: 'participant', id: home.id }]));
    }
    const outbox = mailerFactory({ MAIL_FROM: 'x' });
    // The worker dies after 25 mails of its batch: its transaction never commits.
    let sent = 0;
    const dying = await alerts((trx) => {
      const inner = outbox(trx);
      return {
        kind: inner.kind,
        async send(m) {
          if (++sent > 25) throw new Error('worker killed');
          await inner.send(m);
        },
      };
    });
    await expect(dying.runOnce()).rejects.toThrow('worker killed');
    const mails = async () => {
      const { rows } = await sql<{ to_address: string; n: number }>`
        select to_address, count(*)::int as n from mail_outbox
        where to_address = any(${fans.map((f) => f.email)}) group by to_address`.execute(db);
      return rows;
    };
    expect(await mails()).toHaveLength(0);

    await (await alerts(outbox)).runOnce();
    const after = await mails();
    expect(after).toHaveLength(fans.length);
    expect(after.every((r) => r.n === 1)).toBe(true);
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from fan_alerts where event_id = ${gameId} and user_id = any(${fans.map((f) => f.userId)})
      group by status`.execute(db);
    expect(rows).toEqual([{ status: 'sent', n: fans.length }]);
  }, 60_000);
});
