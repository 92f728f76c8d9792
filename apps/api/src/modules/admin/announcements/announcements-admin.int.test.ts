import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type {
  AdminAnnouncement,
  AdminAnnouncementList,
  AdminAnnouncementPreview,
  AuditEntry,
} from '@rudy/contracts';
import { fallbackOrigin, loadConfig } from '../../../config.js';
import type { DB } from '../../../db/database.js';
import { loadAppSecret } from '../../../lib/app-secret.js';
import { createAppSecretsRepository } from '../../../lib/app-secrets.repository.js';
import { follower } from '../../../test/fans-test-kit.js';
import { buyPackage } from '../../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';
import { until } from '../../../test/until.js';
import { createChannelParts } from '../../channel/channel-parts.js';
import { mailerFactory, type Mailer } from '../../mail/mailer.js';
import { createAnnouncementSender } from './announcements.jobs.js';

/*
 * Announcements end to end below the worker's timer: the segment chosen in the console, previewed
 * in both languages, written once per double submit, sent through a real SMTP server on loopback
 * (smtp-server) and read back as a mail client would (mailparser); each viewer once, also across a
 * re-run and a pass that dies mid-way; the one-click unsubscribe of the mail honoured.
 */

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
let admin: { apiKey: string; userId: number };
let smtpMailers: (db: DB) => Mailer;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  smtpMailers = mailerFactory({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Demo <news@example.test>',
  });
  t = await createTestApp();
  admin = await adminUser(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

async function sender(perPass: number, mailerFor = smtpMailers) {
  const db = t.database.db;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return createAnnouncementSender({
    db,
    mailerFor,
    ...createChannelParts(db, fallbackOrigin(config)),
    secret: await loadAppSecret(createAppSecretsRepository(db), undefined),
    perPass,
    now: () => new Date(),
  });
}

const tag = () => randomBytes(4).toString('hex');
const mailsTo = (to: string) =>
  received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === to));

async function newTeam(channelId = t.demoChannelId) {
  const alias = `ann-${tag()}`;
  const row = await t.database.db
    .insertInto('participants')
    .values({ channel_id: channelId, name: `Team ${alias}`, short_name: alias, alias })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const draft = (over: Record<string, unknown> = {}) => ({
  segment: 'team',
  target_id: null,
  subject_en: 'Playoffs start Friday',
  subject_fr: 'Les séries commencent vendredi',
  body_en: 'Our first playoff game is Friday.\n\nSee you at the rink!',
  body_fr: 'Notre premier match des séries est vendredi.\n\nOn se voit à l’aréna !',
  ...over,
});
const post = (url: string, payload: object, key = admin.apiKey) =>
  t.inject({ method: 'POST', url, payload: { api_key: key, ...payload } });

describe('announcements', () => {
  it('previews both languages, sends each follower of a team once, throttled, and honours the unsubscribe', async () => {
    const db = t.database.db;
    const team = await newTeam();
    const en = await follower(db, t.demoChannelId, [{ type: 'participant', id: team }]);
    const fr = await follower(db, t.demoChannelId, [{ type: 'participant', id: team }], {
      language: 'fr',
    });
    // Not in the segment: another team's follower, an unverified follower, another channel's.
    const otherTeam = await newTeam();
    const bystander = await follower(db, t.demoChannelId, [{ type: 'participant', id: otherTeam }]);
    const unverified = await follower(db, t.demoChannelId, [{ type: 'participant', id: team }]);
    await db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', unverified.userId)
      .execute();

    const preview = await post('/api/admin/announcements/preview', draft({ target_id: team }));
    expect(preview.statusCode).toBe(200);
    const p = preview.json<AdminAnnouncementPreview>();
    expect(p.recipients).toBe(2);
    expect(p.en.subject).toMatch(/^Playoffs start Friday · /);
    expect(p.en.text).toContain('Our first playoff game is Friday.\n\nSee you at the rink!');
    expect(p.en.html).toContain('<html lang="en"');
    expect(p.en.text).toContain('Unsubscribe');
    expect(p.fr.subject).toMatch(/^Les séries commencent vendredi · /);
    expect(p.fr.text).toContain('Bonjour,');
    expect(p.fr.html).toContain('<html lang="fr"');
    expect(p.fr.text).toContain('On se voit à l’aréna !');
    expect(p.fr.text).toContain('Me désabonner');
    // The preview writes nothing.
    expect(
      (await t.get('/api/admin/announcements', { api_key: admin.apiKey }))
        .json<AdminAnnouncementList>()
        .data.some((a) => a.target_id === team),
    ).toBe(false);

    // A double submit (same request id) is one announcement with one audit row.
    const body = draft({ target_id: team, request_id: `req-${tag()}` });
    const [first, second] = await Promise.all([
      post('/api/admin/announcements', body),
      post('/api/admin/announcements', body),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const made = first.json<AdminAnnouncement>();
    expect(second.json<AdminAnnouncement>().id).toBe(made.id);
    expect(made).toMatchObject({
      segment: 'team',
      target_id: team,
      recipients: 2,
      sent: 0,
      pending: 2,
    });
    const audit = (
      await t.get('/api/admin/audit', { api_key: admin.apiKey, entity: 'announcement' })
    )
      .json<{ data: AuditEntry[] }>()
      .data.filter((e) => e.entity_id === made.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ segment: 'team', recipients: 2 });

    // Throttled: a pass of one mail sends one; the next sends the other; a re-run sends none.
    const onePerPass = await sender(1);
    expect(await onePerPass.runOnce()).toBe(1);
    await until(
      () => received.length,
      (n) => n >= 1,
      10_000,
    );
    expect(await onePerPass.runOnce()).toBe(1);
    expect(await onePerPass.runOnce()).toBe(0);
    await until(
      () => received.length,
      (n) => n >= 2,
      10_000,
    );
    expect(mailsTo(en.email)).toHaveLength(1);
    expect(mailsTo(fr.email)).toHaveLength(1);
    expect(mailsTo(bystander.email)).toHaveLength(0);
    expect(mailsTo(unverified.email)).toHaveLength(0);
    const [enMail] = mailsTo(en.email);
    const [frMail] = mailsTo(fr.email);
    expect(enMail?.subject).toMatch(/^Playoffs start Friday · /);
    expect(enMail?.text).toContain('Hi Fan,');
    expect(frMail?.subject).toMatch(/^Les séries commencent vendredi · /);
    expect(frMail?.text).toContain('Bonjour Fan,');
    expect(frMail?.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const listed = (await t.get('/api/admin/announcements', { api_key: admin.apiKey }))
      .json<AdminAnnouncementList>()
      .data.find((a) => a.id === made.id);
    expect(listed).toMatchObject({ recipients: 2, sent: 2, pending: 0 });

    // The mail's one-click unsubscribe (the alerts' link) stops the next announcement.
    const header = (
      enMail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? ''
    ).replace(/\r\n\s+/g, ' ');
    const link = new URL(/<([^>]+)>/.exec(header)?.[1] ?? 'http://missing');
    expect(link.pathname).toBe('/api/notifications/unsubscribe');
    const unsubscribed = await t.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    const again = await post(
      '/api/admin/announcements',
      draft({ target_id: team, request_id: `req-${tag()}`, subject_en: 'Tickets' }),
    );
    expect(again.json<AdminAnnouncement>().recipients).toBe(1);
    received.length = 0;
    await (await sender(10)).runOnce();
    await until(
      () => received.length,
      (n) => n >= 1,
      10_000,
    );
    expect(mailsTo(fr.email)).toHaveLength(1);
    expect(mailsTo(en.email)).toHaveLength(0);
  });

  it('reaches a pass’s holders and the opted-in, once each, when a pass dies mid-way', async () => {
    const db = t.database.db;
    const pass = await db
      .insertInto('packages')
      .values({
        channel_id: t.demoChannelId,
        name: JSON.stringify({ en: 'Announcement pass' }),
        base_price_cents: 100,
        currency: 'CAD',
        accesses: ['watch'],
        feature_counts: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const holders = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    for (const h of holders) await buyPackage(t, h.userId, pass.id);
    const notHolder = await signedInUser(t);
    const p = (
      await post('/api/admin/announcements/preview', draft({ segment: 'pass', target_id: pass.id }))
    ).json<AdminAnnouncementPreview>();
    expect(p.recipients).toBe(4);

    const made = (
      await post(
        '/api/admin/announcements',
        draft({ segment: 'pass', target_id: pass.id, request_id: `req-${tag()}` }),
      )
    ).json<AdminAnnouncement>();
    expect(made.recipients).toBe(4);
    // One holder unsubscribes after it was written: skipped when its turn comes.
    const late = holders[3]!;
    await db
      .insertInto('notification_settings')
      .values({ user_id: late.userId, channel_id: t.demoChannelId, announcements_email: false })
      .execute();

    // The worker dies while handing over the second mail: the first stays sent.
    let sends = 0;
    const smtpMailer = smtpMailers(db);
    const dying: Mailer = {
      kind: 'smtp',
      async send(m) {
        sends += 1;
        if (sends === 2) throw new Error('worker killed');
        await smtpMailer.send(m);
      },
    };
    await expect((await sender(100, () => dying)).runOnce()).rejects.toThrow('worker killed');
    // The next pass (another worker) finishes, and a re-run finds nothing left.
    await (await sender(100)).runOnce();
    expect(await (await sender(100)).runOnce()).toBe(0);
    await until(
      () => received.length,
      (n) => n >= 3,
      10_000,
    );
    for (const h of holders.slice(0, 3)) expect(mailsTo(h.email)).toHaveLength(1);
    expect(mailsTo(late.email)).toHaveLength(0);
    expect(mailsTo(notHolder.email)).toHaveLength(0);
    const statuses = await db
      .selectFrom('announcement_recipients')
      .select(['user_id', 'status'])
      .where('announcement_id', '=', made.id)
      .execute();
    expect(statuses.filter((s) => s.status === 'sent')).toHaveLength(3);
    expect(statuses.find((s) => s.user_id === late.userId)?.status).toBe('skipped');

    // Everyone who opted in: the newsletter's viewers, verified and not unsubscribed.
    const optedIn = await signedInUser(t);
    await db
      .updateTable('users')
      .set({ newsletter: true })
      .where('id', '=', optedIn.userId)
      .execute();
    const all = (
      await post(
        '/api/admin/announcements',
        draft({ segment: 'opted_in', request_id: `req-${tag()}` }),
      )
    ).json<AdminAnnouncement>();
    const rows = await db
      .selectFrom('announcement_recipients as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.id', 'u.newsletter', 'u.channel_id'])
      .where('r.announcement_id', '=', all.id)
      .execute();
    expect(rows.map((r) => r.id)).toContain(optedIn.userId);
    expect(rows.every((r) => r.newsletter && r.channel_id === t.demoChannelId)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(holders[0]!.userId);
  });

  it('refuses viewers, a missing target, and another channel’s admin with 404', async () => {
    const team = await newTeam();
    const viewer = await signedInUser(t);
    expect(
      (await post('/api/admin/announcements/preview', draft({ target_id: team }), viewer.apiKey))
        .statusCode,
    ).toBe(403);
    const missing = await post('/api/admin/announcements/preview', draft());
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ field_codes: Record<string, string> }>().field_codes.target_id).toBe(
      'admin.announcementTarget',
    );
    const mine = (
      await post('/api/admin/announcements', draft({ target_id: team, request_id: `req-${tag()}` }))
    ).json<AdminAnnouncement>();

    const other = await adminUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    expect(
      (await post('/api/admin/announcements/preview', draft({ target_id: team }), other.apiKey))
        .statusCode,
    ).toBe(404);
    const create = await post(
      '/api/admin/announcements',
      draft({ target_id: team, request_id: `req-${tag()}` }),
      other.apiKey,
    );
    expect(create.statusCode).toBe(404);
    const theirs = (
      await t.get('/api/admin/announcements', { api_key: other.apiKey })
    ).json<AdminAnnouncementList>();
    expect(theirs.data.some((a) => a.id === mine.id)).toBe(false);
    // Another channel's request id does not answer this channel's announcement either.
    const reused = await post(
      '/api/admin/announcements',
      draft({ segment: 'opted_in', request_id: `req-${tag()}` }),
      other.apiKey,
    );
    expect(reused.statusCode).toBe(200);
    expect(reused.json<AdminAnnouncement>().id).not.toBe(mine.id);
  });
});
