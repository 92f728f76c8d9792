import { describe, expect, it } from 'vitest';
import type {
  AdminReferenceData,
  AdminRink,
  AdminSchool,
  AdminSport,
  AuditList,
} from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';

/* Sports, rinks and schools: admins of the channel only, validated, audited, seen by viewers at once. */

const app = adminTestApp();

const call = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: Record<string, unknown> = {},
  key = app.admin.apiKey,
) =>
  method === 'DELETE'
    ? app.t.inject({ method, url, query: { api_key: key } })
    : app.t.inject({ method, url, payload: { api_key: key, ...payload } });
const referenceData = async (key = app.admin.apiKey) =>
  (await app.t.get('/api/admin/reference-data', { api_key: key })).json<AdminReferenceData>();
const auditOf = async (entity: string, id: number) =>
  (await app.t.get('/api/admin/audit', { api_key: app.admin.apiKey, entity }))
    .json<AuditList>()
    .data.filter((r) => r.entity_id === id);

describe('who may change the reference data', () => {
  it('401 anonymous, 403 for a viewer, 404 for another channel’s admin', async () => {
    const { t } = app;
    await expectAdminOnly(t, [
      (key) => t.get('/api/admin/reference-data', { api_key: key }),
      ...['sports', 'rinks', 'schools'].flatMap((path) => [
        (key: string) => call('POST', `/api/admin/${path}`, {}, key),
        (key: string) => call('DELETE', `/api/admin/${path}/1`, {}, key),
      ]),
    ]);
    const rink = (
      await call('POST', '/api/admin/rinks', {
        name: 'Mine Arena',
        address: '',
        city: '',
        time_zone: 'America/Toronto',
      })
    ).json<AdminRink>();
    const other = await otherChannelAdmin(t);
    const patch = await call(
      'PATCH',
      `/api/admin/rinks/${rink.id}`,
      { name: 'Taken', address: '', city: '', time_zone: 'UTC' },
      other.apiKey,
    );
    expect(patch.statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/rinks/${rink.id}`, {}, other.apiKey)).statusCode).toBe(
      404,
    );
    expect((await referenceData(other.apiKey)).rinks.map((r) => r.id)).not.toContain(rink.id);
  });
});

describe('validation', () => {
  it('refuses bad fields with the contracts’ messages and stores nothing', async () => {
    const before = await referenceData();
    const sport = await call('POST', '/api/admin/sports', {
      name_en: ' ',
      name_fr: '',
      position: -1,
    });
    expect(sport.statusCode).toBe(400);
    expect(sport.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      name_en: 'Field is required',
      position: 'Position must be a whole number from 0 to 1000',
    });
    const rink = await call('POST', '/api/admin/rinks', {
      name: 'x'.repeat(121),
      address: '',
      city: '',
      time_zone: 'Mars/Olympus',
    });
    expect(rink.statusCode).toBe(400);
    expect(rink.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      name: 'Field length must be less than 120',
      time_zone: 'Unknown time zone',
    });
    expect((await call('POST', '/api/admin/schools', { name: '' })).statusCode).toBe(400);
    const after = await referenceData();
    expect(after.sports.length).toBe(before.sports.length);
    expect(after.rinks.length).toBe(before.rinks.length);
    expect(after.schools.length).toBe(before.schools.length);
  });
});

describe('changes', () => {
  it('creates, edits and deletes a sport, each audited; viewers’ categories follow at once', async () => {
    const { t, admin } = app;
    const viewerKey = await t.apiKey();
    const seen = async (id: number) =>
      (await t.get('/api/events-categories', { api_key: viewerKey }))
        .json<{ id: number; name: string }[]>()
        .find((c) => c.id === id)?.name;
    const created = await call('POST', '/api/admin/sports', {
      name_en: 'Ringette',
      name_fr: 'Ringuette',
      position: 7,
    });
    expect(created.statusCode).toBe(200);
    const sport = created.json<AdminSport>();
    expect(sport).toMatchObject({ alias: 'ringette', name_fr: 'Ringuette', uses: 0 });
    const twin = (
      await call('POST', '/api/admin/sports', { name_en: 'Ringette', name_fr: '', position: 8 })
    ).json<AdminSport>();
    expect(twin.alias).toBe('ringette-2');
    expect(await seen(sport.id)).toBe('Ringette');

    await call('PATCH', `/api/admin/sports/${sport.id}`, {
      name_en: 'Ringette U18',
      name_fr: 'Ringuette M18',
      position: 7,
    });
    expect(await seen(sport.id)).toBe('Ringette U18');
    const gone = await call('DELETE', `/api/admin/sports/${sport.id}`);
    expect(gone.json()).toEqual({ id: sport.id, deleted: true });
    expect(await seen(sport.id)).toBeUndefined();

    const rows = await auditOf('sport', sport.id);
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(rows[1]).toMatchObject({
      actor: admin.email,
      before: { name_en: 'Ringette', name_fr: 'Ringuette' },
      after: { name_en: 'Ringette U18', name_fr: 'Ringuette M18' },
    });
  });

  it('rinks and schools: edited and audited; one in use is kept (409 in_use, no audit row)', async () => {
    const { t, admin } = app;
    const rink = (
      await call('POST', '/api/admin/rinks', {
        name: 'Memorial Centre',
        address: '303 York St',
        city: 'Kingston',
        time_zone: 'America/Toronto',
      })
    ).json<AdminRink>();
    const edited = (
      await call('PATCH', `/api/admin/rinks/${rink.id}`, {
        name: 'Memorial Centre',
        address: '303 York St',
        city: 'Kingston',
        time_zone: 'America/Vancouver',
      })
    ).json<AdminRink>();
    expect(edited.time_zone).toBe('America/Vancouver');
    expect((await auditOf('rink', rink.id))[0]).toMatchObject({
      action: 'update',
      before: { time_zone: 'America/Toronto' },
      after: { time_zone: 'America/Vancouver' },
    });

    const school = (
      await call('POST', '/api/admin/schools', { name: 'Queen’s' })
    ).json<AdminSchool>();
    expect(school.alias).toBe('queen-s');
    const team = await t.inject({
      method: 'POST',
      url: '/api/admin/teams',
      payload: {
        api_key: admin.apiKey,
        name: 'Queen’s Gaels',
        short_name: 'Gaels',
        color: '#B90E31',
        participant_group_id: school.id,
        gender: null,
        sport: '',
        division: '',
        league: '',
      },
    });
    expect(team.statusCode).toBe(200);
    const rowsBefore = (await auditOf('school', school.id)).length;
    const kept = await call('DELETE', `/api/admin/schools/${school.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json<{ code: string }>().code).toBe('in_use');
    expect((await auditOf('school', school.id)).length).toBe(rowsBefore);
    expect((await referenceData()).schools.find((s) => s.id === school.id)?.uses).toBe(1);

    // The demo's games use its sports and rinks: those stay.
    const used = (await referenceData()).sports.find((s) => s.uses > 0);
    expect(used).toBeDefined();
    expect((await call('DELETE', `/api/admin/sports/${used?.id ?? 0}`)).statusCode).toBe(409);
    expect(
      (await call('PATCH', '/api/admin/schools/2147483647', { name: 'Nobody' })).statusCode,
    ).toBe(404);
  });
});
