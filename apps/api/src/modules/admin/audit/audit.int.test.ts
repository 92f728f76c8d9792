import { describe, expect, it } from 'vitest';
import type { AdminTeam, AuditList } from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';

/* GET /api/admin/audit: the channel's log, paged, with each change's fields before and after. */

const app = adminTestApp();

const team = {
  name: 'Audit Owls',
  short_name: 'Owls',
  color: '#112233',
  participant_group_id: null,
  gender: null,
  sport: '',
  division: '',
  league: '',
};
const log = async (query: Record<string, string> = {}, key = app.admin.apiKey) =>
  app.t.get('/api/admin/audit', { api_key: key, ...query });

describe('the audit log', () => {
  it('401 anonymous, 403 for a viewer; another channel’s admin sees none of this channel’s rows', async () => {
    const { t, admin } = app;
    await expectAdminOnly(t, [(key) => log({}, key)]);
    await t.inject({
      method: 'POST',
      url: '/api/admin/teams',
      payload: { api_key: admin.apiKey, ...team, name: 'Hidden Herons' },
    });
    const other = await otherChannelAdmin(t);
    const theirs = (await log({}, other.apiKey)).json<AuditList>();
    expect(theirs.data.some((r) => JSON.stringify(r.after).includes('Hidden Herons'))).toBe(false);
  });

  it('pages newest first, filters by kind, and keeps before and after of each change', async () => {
    const { t, admin } = app;
    const created = (
      await t.inject({
        method: 'POST',
        url: '/api/admin/teams',
        payload: { api_key: admin.apiKey, ...team },
      })
    ).json<AdminTeam>();
    for (const name of ['Audit Owls II', 'Audit Owls III']) {
      await t.inject({
        method: 'PATCH',
        url: `/api/admin/teams/${created.id}`,
        payload: { api_key: admin.apiKey, ...team, name },
      });
    }
    const first = (await log({ entity: 'team', limit: '2' })).json<AuditList>();
    expect(first.meta).toMatchObject({ offset: 0, limit: 2 });
    expect(first.meta.total).toBeGreaterThanOrEqual(3);
    expect(first.data).toHaveLength(2);
    expect(first.data[0]).toMatchObject({
      actor: admin.email,
      action: 'update',
      entity: 'team',
      entity_id: created.id,
      before: { name: 'Audit Owls II' },
      after: { name: 'Audit Owls III' },
    });
    const second = (await log({ entity: 'team', limit: '2', offset: '2' })).json<AuditList>();
    expect(second.data[0]).toMatchObject({ action: 'create', before: null });
    expect(second.data[0]?.after).toMatchObject({ name: 'Audit Owls', color: '#112233' });
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(
      first.data.length + second.data.length,
    );

    const games = (await log({ entity: 'game' })).json<AuditList>();
    expect(games.data.every((r) => r.entity === 'game')).toBe(true);
  });

  it('refuses a bad page or an unknown kind with 400', async () => {
    const bad: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { offset: '-1' },
      { entity: 'users' },
    ];
    for (const q of bad) {
      expect((await log(q)).statusCode).toBe(400);
    }
  });
});
