import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, AuditEntry } from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';

/* /api/admin/teams: admins of the channel only, validated by the contracts, every change audited. */

let t: TestContext;
let admin: { apiKey: string; userId: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
});
afterAll(() => t?.close());

const team = {
  name: 'Kingston Comets',
  short_name: 'Comets',
  color: '#aa3300',
  participant_group_id: null,
  gender: 'men',
  sport: 'Hockey',
  division: '',
  league: 'NJHL',
};

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  t.inject({ method, url, payload: { api_key: admin.apiKey, ...payload } });
const audit = async () =>
  (await t.get('/api/admin/audit', { api_key: admin.apiKey })).json<{ data: AuditEntry[] }>().data;

describe('who may change teams', () => {
  it('401 anonymous, 403 for a viewer (whatever they send), before any validation', async () => {
    const anonymous = await t.apiKey();
    const viewer = await signedInUser(t);
    for (const [key, status] of [
      [anonymous, 401],
      [viewer.apiKey, 403],
    ] as const) {
      expect((await t.get('/api/admin/teams', { api_key: key })).statusCode).toBe(status);
      const post = await t.inject({
        method: 'POST',
        url: '/api/admin/teams',
        payload: { api_key: key },
      });
      expect(post.statusCode).toBe(status);
      const del = await t.inject({
        method: 'DELETE',
        url: '/api/admin/teams/1',
        query: { api_key: key },
      });
      expect(del.statusCode).toBe(status);
    }
  });

  it('an admin of another channel cannot reach this channel’s teams', async () => {
    const mine = (
      await send('POST', '/api/admin/teams', { ...team, name: 'Isolated' })
    ).json<AdminTeam>();
    const other = await adminUser(t, {
      channelId: t.otherChannelId,
      channelKey: OTHER_CHANNEL_KEY,
    });
    const patch = await t.inject({
      method: 'PATCH',
      url: `/api/admin/teams/${mine.id}`,
      payload: { ...team, api_key: other.apiKey },
    });
    expect(patch.statusCode).toBe(404);
    const list = (await t.get('/api/admin/teams', { api_key: other.apiKey })).json<{
      data: AdminTeam[];
    }>();
    expect(list.data.map((x) => x.id)).not.toContain(mine.id);
  });
});

describe('validation', () => {
  it('refuses bad fields with the contracts’ messages and stores nothing', async () => {
    const before = (await t.get('/api/admin/teams', { api_key: admin.apiKey })).json<{
      data: AdminTeam[];
    }>().data.length;
    const res = await send('POST', '/api/admin/teams', {
      ...team,
      name: ' ',
      short_name: 'x'.repeat(41),
      color: 'red',
      gender: 'other',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; errors: Record<string, string> }>();
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toMatchObject({
      name: 'Field is required',
      short_name: 'Field length must be less than 40',
      color: 'Use a colour like #1A2B3C',
    });
    expect(body.errors.gender).toBeDefined();
    const unknownSchool = await send('POST', '/api/admin/teams', {
      ...team,
      participant_group_id: 999999,
    });
    expect(unknownSchool.statusCode).toBe(400);
    const after = (await t.get('/api/admin/teams', { api_key: admin.apiKey })).json<{
      data: AdminTeam[];
    }>().data.length;
    expect(after).toBe(before);
  });
});

describe('changes', () => {
  it('creates, edits and deletes a team, each with its audit row; viewers see it at once', async () => {
    const created = await send('POST', '/api/admin/teams', team);
    expect(created.statusCode).toBe(200);
    const comets = created.json<AdminTeam>();
    expect(comets).toMatchObject({
      name: 'Kingston Comets',
      color: '#AA3300',
      alias: 'kingston-comets',
      games: 0,
    });
    // A second team with the same name gets its own alias.
    const twin = (await send('POST', '/api/admin/teams', team)).json<AdminTeam>();
    expect(twin.alias).toBe('kingston-comets-2');

    const viewerKey = await t.apiKey();
    const seen = async () =>
      (await t.get('/api/participants', { api_key: viewerKey, no_limit: '1' }))
        .json<{ data: { id: number; name: string }[] }>()
        .data.find((p) => p.id === comets.id)?.name;
    expect(await seen()).toBe('Kingston Comets');

    const edited = await send('PATCH', `/api/admin/teams/${comets.id}`, {
      ...team,
      name: 'Kingston Stars',
    });
    expect(edited.json<AdminTeam>().name).toBe('Kingston Stars');
    expect(await seen()).toBe('Kingston Stars');

    const gone = await t.inject({
      method: 'DELETE',
      url: `/api/admin/teams/${comets.id}`,
      query: { api_key: admin.apiKey },
    });
    expect(gone.json()).toEqual({ id: comets.id, deleted: true });
    expect(await seen()).toBeUndefined();

    const rows = (await audit()).filter((r) => r.entity === 'team' && r.entity_id === comets.id);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(rows.every((r) => r.actor === admin.email)).toBe(true);
    expect(rows[1]?.summary).toBe('name: Kingston Comets → Kingston Stars');
  });

  it('keeps a team that plays in games (409 in_use), and a failed change leaves no audit row', async () => {
    const playing = (
      await t.database.db
        .selectFrom('event_participants')
        .select('participant_id')
        .where('channel_id', '=', t.demoChannelId)
        .executeTakeFirstOrThrow()
    ).participant_id;
    const rowsBefore = (await audit()).length;
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/admin/teams/${playing}`,
      query: { api_key: admin.apiKey },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('in_use');
    expect((await audit()).length).toBe(rowsBefore);
    const missing = await send('PATCH', '/api/admin/teams/2147483647', team);
    expect(missing.statusCode).toBe(404);
  });
});
