import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminGameOptions, AuditEntry, Playback } from '@rudy/contracts';
import { attachVod, makeTinyVod } from '../../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';

/* A game's geo rules and pre-roll choice from the console: validated, audited, and what viewers get at once. */

const FRANCE_IP = '203.0.113.9';
const CANADA_IP = '198.51.100.7';
const countryLookup = (ip: string) => (ip === FRANCE_IP ? 'FR' : ip === CANADA_IP ? 'CA' : null);

let t: TestContext;
let admin: Awaited<ReturnType<typeof adminUser>>;
let options: AdminGameOptions;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let game: AdminGame;

const body = (extra: Record<string, unknown> = {}) => ({
  name_en: 'Comets at Wolves (replay)',
  name_fr: '',
  starts_at: '2024-01-15T19:30',
  time_zone: 'America/Toronto',
  duration_minutes: 150,
  home_team_id: options.teams[0]!.id,
  away_team_id: options.teams[1]!.id,
  event_category_id: null,
  location_id: null,
  access_type: 'free',
  price_cents: null,
  ...extra,
});
const patch = (extra: Record<string, unknown>, key = admin.apiKey) =>
  t.inject({
    method: 'PATCH',
    url: `/api/admin/games/${game.id}`,
    payload: { api_key: key, ...body(extra) },
  });

async function playback(ip: string, apiKey?: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/events/${game.id}/playback`,
    query: { api_key: apiKey ?? (await t.apiKey()) },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Playback>();
}

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-geo-preroll-'));
  fixture = await makeTinyVod();
  t = await createTestApp({ MEDIA_DIR: mediaDir, TRUST_PROXY: 'true' }, { countryLookup });
  admin = await adminUser(t);
  options = (await t.get('/api/admin/games/options', { api_key: admin.apiKey })).json();
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/games',
    payload: { api_key: admin.apiKey, ...body() },
  });
  expect(res.statusCode, res.body).toBe(200);
  game = res.json<AdminGame>();
  await attachVod(t, mediaDir, fixture, t.demoChannelId, game.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  if (fixture) fs.rmSync(fixture.dir, { recursive: true, force: true });
});

describe('a new game', () => {
  it('plays everywhere with the channel’s pre-roll choice', () => {
    expect(game).toMatchObject({
      geo_rule: 'everywhere',
      geo_countries: [],
      preroll_mode: 'auto',
      preroll_id: null,
    });
    expect(options.prerolls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('who may set them', () => {
  it('403 for a viewer, and nothing changes', async () => {
    const viewer = await signedInUser(t);
    const res = await patch({ geo_rule: 'only', geo_countries: ['CA'] }, viewer.apiKey);
    expect(res.statusCode).toBe(403);
    expect((await playback(FRANCE_IP)).access).toBe('granted');
  });
});

describe('validation', () => {
  const errorsOf = async (extra: Record<string, unknown>) => {
    const res = await patch(extra);
    expect(res.statusCode).toBe(400);
    return res.json<{ errors: Record<string, string>; field_codes: Record<string, string> }>();
  };

  it('refuses a rule without countries, unknown codes and too many', async () => {
    expect(await errorsOf({ geo_rule: 'only', geo_countries: [] })).toMatchObject({
      errors: { geo_countries: 'Name at least one country' },
      field_codes: { geo_countries: 'admin.countriesRequired' },
    });
    const bad = await errorsOf({ geo_rule: 'except', geo_countries: ['CA', 'ZZ', 'canada'] });
    expect(bad.field_codes).toEqual({
      'geo_countries.1': 'admin.countryCode',
      'geo_countries.2': 'admin.countryCode',
    });
    expect(bad.errors['geo_countries.1']).toBe('Use two-letter country codes like CA, US');
    const many = Array.from({ length: 51 }, () => 'CA');
    expect((await errorsOf({ geo_rule: 'only', geo_countries: many })).field_codes).toEqual({
      geo_countries: 'admin.countriesMax',
    });
    expect((await errorsOf({ geo_rule: 'nowhere', geo_countries: ['CA'] })).errors).toHaveProperty(
      'geo_rule',
    );
  });

  it('refuses a chosen pre-roll that is missing or another channel’s', async () => {
    expect((await errorsOf({ preroll_mode: 'chosen', preroll_id: null })).field_codes).toEqual({
      preroll_id: 'admin.prerollRequired',
    });
    const theirs = await t.database.db
      .selectFrom('prerolls')
      .select('id')
      .where('channel_id', '=', t.otherChannelId)
      .executeTakeFirstOrThrow();
    const res = await errorsOf({ preroll_mode: 'chosen', preroll_id: theirs.id });
    expect(res).toMatchObject({
      errors: { preroll_id: 'Unknown pre-roll' },
      field_codes: { preroll_id: 'admin.unknownPreroll' },
    });
  });
});

describe('what viewers get, at once', () => {
  it('an allow list refuses a viewer from elsewhere with the spec’s text', async () => {
    const res = await patch({ geo_rule: 'only', geo_countries: ['ca', 'US', 'CA'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminGame>()).toMatchObject({ geo_rule: 'only', geo_countries: ['CA', 'US'] });
    const refused = await playback(FRANCE_IP);
    expect(refused).toMatchObject({
      access: 'geo_blocked',
      message: "We're sorry, but this content is not available in your region.",
      stream: null,
    });
    expect((await playback(CANADA_IP)).access).toBe('granted');
  });

  it('a block list refuses only its countries; everywhere lifts the rule', async () => {
    await patch({ geo_rule: 'except', geo_countries: ['CA'] });
    expect((await playback(CANADA_IP)).access).toBe('geo_blocked');
    expect((await playback(FRANCE_IP)).access).toBe('granted');
    await patch({ geo_rule: 'everywhere', geo_countries: [] });
    expect((await playback(CANADA_IP)).access).toBe('granted');
  });

  it('an edit that sends no geo rule leaves the rule as it was', async () => {
    await patch({ geo_rule: 'only', geo_countries: ['CA'] });
    const res = await patch({ name_en: 'Renamed replay' });
    expect(res.json<AdminGame>()).toMatchObject({ geo_rule: 'only', geo_countries: ['CA'] });
    expect((await playback(FRANCE_IP)).access).toBe('geo_blocked');
    await patch({ geo_rule: 'everywhere' });
  });

  it('the chosen pre-roll plays every time; none plays none', async () => {
    const light = [...options.prerolls].sort((a, b) => a.weight - b.weight)[0]!;
    const res = await patch({ preroll_mode: 'chosen', preroll_id: light.id });
    expect(res.json<AdminGame>()).toMatchObject({ preroll_mode: 'chosen', preroll_id: light.id });
    for (let i = 0; i < 12; i += 1) {
      expect((await playback(CANADA_IP)).preroll?.id).toBe(light.id);
    }
    await patch({ preroll_mode: 'none', preroll_id: light.id });
    const none = await playback(CANADA_IP);
    expect(none.stream).not.toBeNull();
    expect(none.preroll).toBeNull();
    const back = await patch({ preroll_mode: 'auto' });
    expect(back.json<AdminGame>()).toMatchObject({ preroll_mode: 'auto', preroll_id: null });
    expect((await playback(CANADA_IP)).preroll).not.toBeNull();
  });

  it('each change is audited with the rule and choice it set', async () => {
    const audit = (
      await t.get('/api/admin/audit', { api_key: admin.apiKey, entity: 'game' })
    ).json<{ data: AuditEntry[] }>().data;
    const mine = audit.filter((a) => a.entity_id === game.id && a.action === 'update');
    expect(
      mine.some((a) => a.after?.geo_rule === 'only' && a.after.geo_countries === 'CA,US'),
    ).toBe(true);
    expect(mine.some((a) => a.after?.preroll_mode === 'none')).toBe(true);
    expect(mine.every((a) => a.actor === admin.email)).toBe(true);
  });
});
