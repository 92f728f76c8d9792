import { describe, expect, it } from 'vitest';
import type {
  AdminInvitation,
  AdminTeamMembers,
  AdminViewer,
  AdminViewerList,
  AuditEntry,
} from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';
import { latestMail } from '../../../test/outbox.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';
import { hashPassword } from '../../auth/password.js';

/*
 * /api/admin/viewers and /api/admin/admins: admins only, audited; a blocked viewer's keys stop at
 * once; an admin invitation is mailed, works once, expires, and never for another address.
 */

const ctx = adminTestApp();
const db = () => ctx.t.database.db;

const patch = (url: string, payload: object, key = ctx.admin.apiKey) =>
  ctx.t.inject({ method: 'PATCH', url, payload: { api_key: key, ...payload } });
const post = (url: string, payload: object, key = ctx.admin.apiKey) =>
  ctx.t.inject({ method: 'POST', url, payload: { api_key: key, ...payload } });
const del = (url: string, key = ctx.admin.apiKey) =>
  ctx.t.inject({ method: 'DELETE', url, query: { api_key: key } });
const get = (url: string, query: Record<string, string> = {}, key = ctx.admin.apiKey) =>
  ctx.t.get(url, { api_key: key, ...query });
const audit = async () => (await get('/api/admin/audit')).json<{ data: AuditEntry[] }>().data;

async function namedViewer(first: string, last: string) {
  const v = await signedInUser(ctx.t);
  await db()
    .updateTable('users')
    .set({ first_name: first, last_name: last })
    .where('id', '=', v.userId)
    .execute();
  return v;
}

describe('who may see and change people', () => {
  it('401 anonymous, 403 for a viewer, on every call', async () => {
    await expectAdminOnly(ctx.t, [
      (k) => get('/api/admin/viewers', {}, k),
      (k) => get('/api/admin/viewers/1', {}, k),
      (k) => patch('/api/admin/viewers/1/blocked', { blocked: true }, k),
      (k) => get('/api/admin/admins', {}, k),
      (k) => post('/api/admin/admins/invitations', { email: 'x@example.test' }, k),
      (k) => del('/api/admin/admins/invitations/1', k),
      (k) => del('/api/admin/admins/1', k),
    ]);
  });

  it('another channel’s admin finds none of this channel’s viewers', async () => {
    const v = await namedViewer('Isolde', 'Apart');
    const other = await otherChannelAdmin(ctx.t);
    const list = (
      await get('/api/admin/viewers', { q: v.email }, other.apiKey)
    ).json<AdminViewerList>();
    expect(list.data).toEqual([]);
    expect((await get(`/api/admin/viewers/${v.userId}`, {}, other.apiKey)).statusCode).toBe(404);
    expect(
      (await patch(`/api/admin/viewers/${v.userId}/blocked`, { blocked: true }, other.apiKey))
        .statusCode,
    ).toBe(404);
  });
});

describe('viewers', () => {
  it('finds a viewer by part of the e-mail or of the name; % is a plain character', async () => {
    const v = await namedViewer('Marguerite', 'Tremblay');
    const byName = (await get('/api/admin/viewers', { q: 'guerite trem' })).json<AdminViewerList>();
    expect(byName.data.map((u) => u.id)).toEqual([v.userId]);
    const byMail = (
      await get('/api/admin/viewers', { q: v.email.slice(0, 12).toUpperCase() })
    ).json<AdminViewerList>();
    expect(byMail.data.map((u) => u.id)).toContain(v.userId);
    const wild = (await get('/api/admin/viewers', { q: '%' })).json<AdminViewerList>();
    expect(wild.meta.total).toBe(0);
    expect((await get('/api/admin/viewers', { limit: '500' })).statusCode).toBe(400);
  });

  it('shows what a viewer holds: capabilities granted, passes bought, subscriptions', async () => {
    const v = await namedViewer('Pass', 'Holder');
    const pkg = await db()
      .selectFrom('packages')
      .select(['id', 'name'])
      .where('channel_id', '=', ctx.t.demoChannelId)
      .where(({ eb }) => eb(eb.val('watch'), '=', eb.fn.any('accesses')))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('orders')
      .values({
        channel_id: ctx.t.demoChannelId,
        user_id: v.userId,
        type: 'package',
        product_id: pkg.id,
        status: 'paid',
        activity_status: 'active',
        amount_cents: 1299,
        currency: 'CAD',
        provider: 'sandbox',
        idempotency_key: `people-${v.userId}`,
      })
      .execute();
    const res = await get(`/api/admin/viewers/${v.userId}`);
    expect(res.statusCode).toBe(200);
    const seen = res.json<AdminViewer>();
    expect(seen.capabilities).toContain('watch');
    expect(seen.passes).toEqual([
      expect.objectContaining({
        type: 'package',
        name: pkg.name.en,
        active: true,
        amount_cents: 1299,
      }),
    ]);
    expect(seen.subscriptions).toEqual([]);
    expect(seen.blocked).toBe(false);
    expect((await get('/api/admin/viewers/999999')).statusCode).toBe(404);
  });

  it('a blocked viewer’s key stops at once and sign-in is refused; unblocking restores it', async () => {
    const v = await signedInUser(ctx.t);
    expect((await ctx.t.get('/api/profile', { api_key: v.apiKey })).statusCode).toBe(200); // cached now
    const res = await patch(`/api/admin/viewers/${v.userId}/blocked`, { blocked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminViewer>().blocked).toBe(true);
    expect((await ctx.t.get('/api/profile', { api_key: v.apiKey })).statusCode).toBe(401);

    // Sign-in with a password: refused plainly.
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword('blue line 2026') })
      .where('id', '=', v.userId)
      .execute();
    const login = await post(
      '/api/v2/auth/login',
      { email: v.email, password: 'blue line 2026' },
      await ctx.t.apiKey(),
    );
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_blocked' });

    const [row] = await audit();
    expect(row).toMatchObject({ entity: 'viewer', action: 'update', entity_id: v.userId });
    expect(row?.summary).toContain('blocked: false → true');

    // Blocking twice records nothing more (a double click).
    await patch(`/api/admin/viewers/${v.userId}/blocked`, { blocked: true });
    expect((await audit())[0]?.id).toBe(row?.id);

    await patch(`/api/admin/viewers/${v.userId}/blocked`, { blocked: false });
    expect((await ctx.t.get('/api/profile', { api_key: v.apiKey })).statusCode).toBe(200);
  });

  it('an admin cannot be blocked, nor can the admin block themselves', async () => {
    const other = await adminUser(ctx.t);
    const res = await patch(`/api/admin/viewers/${other.userId}/blocked`, { blocked: true });
    expect(res.statusCode).toBe(409);
    expect(
      (await patch(`/api/admin/viewers/${ctx.admin.userId}/blocked`, { blocked: true })).statusCode,
    ).toBe(409);
    expect((await patch('/api/admin/viewers/1/blocked', { blocked: 'yes' })).statusCode).toBe(400);
  });
});

describe('admins', () => {
  const invite = async (email: string) => {
    const res = await post('/api/admin/admins/invitations', { email });
    expect(res.statusCode).toBe(200);
    const mail = await latestMail(db(), email);
    const token = mail?.link?.searchParams.get('token') ?? '';
    return { invitation: res.json<AdminInvitation>(), token, mail };
  };
  const accept = (token: string, key: string) =>
    post('/api/admin-invitations/accept', { token }, key);

  it('an invitation is mailed; its link makes that user an admin, once', async () => {
    const invitee = await signedInUser(ctx.t);
    const { invitation, token, mail } = await invite(invitee.email);
    expect(mail?.link?.pathname).toBe('/admin-invitation');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.subject).toContain('invited');
    // Only its hash is kept.
    const stored = await db()
      .selectFrom('admin_invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash.toString('base64url')).not.toBe(token);

    const team = (await get('/api/admin/admins')).json<AdminTeamMembers>();
    expect(team.invitations.map((i) => i.email)).toContain(invitee.email);
    expect((await get('/api/admin/me', {}, invitee.apiKey)).statusCode).toBe(403);

    // Someone else signed in with the link: refused, and the link still works for its owner.
    const stranger = await signedInUser(ctx.t);
    const wrong = await accept(token, stranger.apiKey);
    expect(wrong.statusCode).toBe(403);
    expect((await accept(token, await ctx.t.apiKey())).statusCode).toBe(401);

    const ok = await accept(token, invitee.apiKey);
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/admin/me', {}, invitee.apiKey)).statusCode).toBe(200);
    const replay = await accept(token, invitee.apiKey);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'invitation_invalid' });

    const rows = (await audit()).slice(0, 2);
    expect(rows[0]).toMatchObject({ entity: 'admin', action: 'create', actor: invitee.email });
    const after = (await get('/api/admin/admins')).json<AdminTeamMembers>();
    expect(after.admins.map((a) => a.email)).toContain(invitee.email);
    expect(after.invitations.map((i) => i.email)).not.toContain(invitee.email);
  });

  it('an expired, withdrawn, replaced or forged invitation does not work', async () => {
    const invitee = await signedInUser(ctx.t);
    const first = await invite(invitee.email);
    const second = await invite(invitee.email); // replaces the first
    expect((await accept(first.token, invitee.apiKey)).json()).toMatchObject({
      code: 'invitation_invalid',
    });

    await db()
      .updateTable('admin_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.invitation.id)
      .execute();
    expect((await accept(second.token, invitee.apiKey)).json()).toMatchObject({
      code: 'invitation_expired',
    });

    const third = await invite(invitee.email);
    expect((await del(`/api/admin/admins/invitations/${third.invitation.id}`)).statusCode).toBe(
      200,
    );
    expect((await del(`/api/admin/admins/invitations/${third.invitation.id}`)).statusCode).toBe(
      404,
    );
    expect((await accept(third.token, invitee.apiKey)).json()).toMatchObject({
      code: 'invitation_invalid',
    });
    expect((await accept('A'.repeat(43), invitee.apiKey)).json()).toMatchObject({
      code: 'invitation_invalid',
    });
    expect((await accept('short', invitee.apiKey)).statusCode).toBe(400);
    expect((await get('/api/admin/me', {}, invitee.apiKey)).statusCode).toBe(403);
  });

  it('inviting an admin or a bad address is refused', async () => {
    const existing = await adminUser(ctx.t);
    const res = await post('/api/admin/admins/invitations', { email: existing.email });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.email).toBe(
      'This person is already an admin',
    );
    expect(
      (await post('/api/admin/admins/invitations', { email: 'not an address' })).statusCode,
    ).toBe(400);
  });

  it('an admin is removed (the console closes to them at once), never the last one', async () => {
    const other = await adminUser(ctx.t);
    expect((await del(`/api/admin/admins/${other.userId}`)).statusCode).toBe(200);
    expect((await get('/api/admin/me', {}, other.apiKey)).statusCode).toBe(403);
    expect((await audit())[0]).toMatchObject({
      entity: 'admin',
      action: 'delete',
      entity_id: other.userId,
    });
    expect((await del(`/api/admin/admins/${other.userId}`)).statusCode).toBe(404);

    // The other channel's admins, down to one.
    const lone = await otherChannelAdmin(ctx.t);
    const theirs = (await get('/api/admin/admins', {}, lone.apiKey)).json<AdminTeamMembers>();
    for (const a of theirs.admins.filter((a) => !a.is_you))
      expect((await del(`/api/admin/admins/${a.id}`, lone.apiKey)).statusCode).toBe(200);
    const last = await del(`/api/admin/admins/${lone.userId}`, lone.apiKey);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'last_admin' });
  });
});
