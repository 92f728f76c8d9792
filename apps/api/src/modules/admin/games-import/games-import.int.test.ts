import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  AdminGame,
  AdminGameOptions,
  AdminImportPreview,
  AdminImportResult,
  AuditEntry,
} from '@rudy/contracts';
import { adminTestApp, expectAdminOnly } from '../../../test/admin-test-kit.js';

/* A season from CSV: preview with per-line, per-column errors; import all or nothing, once per id. */

const ctx = adminTestApp();

const post = (url: string, payload: Record<string, unknown>, key = ctx.admin.apiKey) =>
  ctx.t.inject({ method: 'POST', url, payload: { api_key: key, ...payload } });
const preview = async (csv: string) => {
  const res = await post('/api/admin/games/import/preview', { csv });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminImportPreview>();
};
const importCsv = (csv: string, importId = randomUUID()) =>
  post('/api/admin/games/import', { csv, import_id: importId });
const options = async () =>
  (
    await ctx.t.get('/api/admin/games/options', { api_key: ctx.admin.apiKey })
  ).json<AdminGameOptions>();
const gameCount = async () =>
  Number(
    (
      await ctx.t.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('channel_id', '=', ctx.t.demoChannelId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A season file naming the demo channel's first teams, sport and rink (a comma in a quoted name). */
async function season() {
  const o = await options();
  const [a, b, c] = o.teams;
  const rink = o.locations[0]!;
  const sport = o.categories[0]!;
  return {
    o,
    a: a!,
    b: b!,
    c: c!,
    rink,
    csv:
      '\uFEFFDate,Time,Time Zone,Home Team,Away Team,Sport,Location,Access,Price,Duration,Name EN\r\n' +
      `2031-01-10,19:30,,${a!.name},${b!.name},${sport.name},"${rink.name}",paid,12.99,,\r\n` +
      `2031-01-11,7:05,America/Vancouver,${b!.short_name.toUpperCase()},${c!.name},,,free,,90,"Opening night, ""live"""\r\n` +
      `2031-01-12,18:00,,${c!.name},${a!.name},,,register,,,\r\n`,
  };
}

describe('who may import', () => {
  it('401 anonymous and 403 for a viewer, on preview and import', async () => {
    const before = await gameCount();
    const { csv } = await season();
    await expectAdminOnly(ctx.t, [
      (key) => post('/api/admin/games/import/preview', { csv }, key),
      (key) => post('/api/admin/games/import', { csv, import_id: randomUUID() }, key),
    ]);
    expect(await gameCount()).toBe(before);
  });
});

describe('preview', () => {
  it('shows every line and the game it makes, writing nothing', async () => {
    const before = await gameCount();
    const { csv, a, b, c, rink } = await season();
    const p = await preview(csv);
    expect(p.file_errors).toEqual([]);
    expect(p.columns.slice(0, 4)).toEqual(['date', 'time', 'time_zone', 'home_team']);
    expect({ valid: p.valid, invalid: p.invalid }).toEqual({ valid: 3, invalid: 0 });
    expect(p.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(p.rows[0]!.game).toMatchObject({
      name_en: `${b.name} at ${a.name}`,
      starts_at: '2031-01-10T19:30',
      time_zone: rink.time_zone,
      location: rink.name,
      access_type: 'paid',
      price_cents: 1299,
      duration_minutes: 150,
    });
    expect(p.rows[1]!.game).toMatchObject({
      name_en: 'Opening night, "live"',
      home_team: b.name,
      away_team: c.name,
      starts_at: '2031-01-11T07:05',
      time_zone: 'America/Vancouver',
      event_utc_ts: '2031-01-11T15:05:00.000Z',
      price_cents: null,
    });
    expect(await gameCount()).toBe(before);
  });

  it('names each refused column of each line with its message code', async () => {
    const { a, b } = await season();
    const p = await preview(
      [
        'date,time,home_team,away_team,access,price,time_zone,sport,location',
        `2031-02-30,19:30,${a.name},Nobody FC,paid,,,,`,
        `2031-03-01,25:00,${a.name},${a.name},ppv,12.999,,Curling,Nowhere Arena`,
        `2031-03-02,19:00,${a.name},${b.name},gratis,abc,Mars/Olympus,,`,
        `2031-03-03,19:00,${a.name},${b.name},paid,0.10,,,`,
        `2031-03-04,19:00,,${b.name},free,,,,,extra`,
      ].join('\n'),
    );
    expect(p.file_errors).toEqual([]);
    expect({ valid: p.valid, invalid: p.invalid }).toEqual({ valid: 0, invalid: 5 });
    expect(p.rows.map((r) => r.errors)).toEqual([
      { date: 'admin.csvDate', away_team: 'admin.unknownTeam', price: 'admin.priceRequired' },
      {
        time: 'admin.csvTime',
        away_team: 'admin.sameTeams',
        price: 'admin.csvPrice',
        sport: 'admin.unknownSport',
        location: 'admin.unknownRink',
      },
      { access: 'admin.csvAccess', price: 'admin.csvPrice', time_zone: 'admin.timeZone' },
      { price: 'admin.priceRange' },
      { line: 'admin.csvRowColumns', home_team: 'required' },
    ]);
    expect(p.rows.every((r) => r.game === null)).toBe(true);
    expect(p.rows[0]!.values).toMatchObject({ date: '2031-02-30', away_team: 'Nobody FC' });
  });

  it('says what is wrong with the file itself', async () => {
    const codes = async (csv: string) => (await preview(csv)).file_errors.map((e) => e.code);
    expect(await codes('')).toEqual(['admin.csvEmpty']);
    expect(await codes('date,time,home_team,away_team\n')).toEqual(['admin.csvEmpty']);
    expect(await codes('date,time,home_team\n2031-01-01,19:00,A')).toEqual(['admin.csvColumns']);
    const unknown = await preview('date,time,home_team,away_team,colour\n');
    expect(unknown.file_errors).toEqual([
      { code: 'admin.csvUnknownColumn', line: 1, detail: 'colour' },
    ]);
    expect(await codes('date,time,home_team,away_team\n2031-01-01,"19:00,A,B')).toEqual([
      'admin.csvQuote',
    ]);
    const many = 'date,time,home_team,away_team\n' + '2031-01-01,19:00,A,B\n'.repeat(1001);
    expect(await codes(many)).toEqual(['admin.csvTooManyRows']);
  });

  it('refuses an oversized or missing file with a 4xx, never a 5xx', async () => {
    const big = await post('/api/admin/games/import/preview', { csv: 'x'.repeat(600_000) });
    expect(big.statusCode).toBe(400);
    expect(big.json<{ field_codes: Record<string, string> }>().field_codes).toEqual({
      csv: 'admin.csvTooLarge',
    });
    const huge = await post('/api/admin/games/import/preview', { csv: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect((await post('/api/admin/games/import/preview', {})).statusCode).toBe(400);
    expect((await post('/api/admin/games/import/preview', { csv: 12 })).statusCode).toBe(400);
    const noId = await post('/api/admin/games/import', { csv: 'a', import_id: 'not-a-uuid' });
    expect(noId.statusCode).toBe(400);
  });
});

describe('import', () => {
  it('is all or nothing: one bad line imports no game', async () => {
    const before = await gameCount();
    const { csv } = await season();
    const res = await importCsv(csv + '2031-01-13,19:00,Nobody FC,Nobody Else,free,,,,,,\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { '5.home_team': 'Unknown team', '5.away_team': 'Unknown team' },
      field_codes: { '5.home_team': 'admin.unknownTeam' },
    });
    expect(await gameCount()).toBe(before);
  });

  it('makes every game once, audited; the same import id again makes nothing', async () => {
    const before = await gameCount();
    const { csv, a, b } = await season();
    const id = randomUUID();
    // A double click: both requests at once.
    const [first, twin] = await Promise.all([importCsv(csv, id), importCsv(csv, id)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(twin.statusCode, twin.body).toBe(200);
    const results = [first.json<AdminImportResult>(), twin.json<AdminImportResult>()];
    const made = results.find((r) => !r.replayed)!;
    expect(made.created).toBe(3);
    expect(results.find((r) => r.replayed)).toMatchObject({
      created: 0,
      event_ids: made.event_ids,
    });
    expect(await gameCount()).toBe(before + 3);

    const again = await importCsv(csv, id);
    expect(again.json<AdminImportResult>()).toMatchObject({
      replayed: true,
      event_ids: made.event_ids,
    });
    expect(await gameCount()).toBe(before + 3);
    // The same id for another file is refused, not merged.
    expect((await importCsv(csv.replace('12.99', '13.99'), id)).statusCode).toBe(409);

    const paid = (
      await ctx.t.get(`/api/admin/games/${made.event_ids[0]}`, { api_key: ctx.admin.apiKey })
    ).json<AdminGame>();
    expect(paid).toMatchObject({
      home_team_id: a.id,
      away_team_id: b.id,
      access_type: 'paid',
      price_cents: 1299,
      starts_at: '2031-01-10T19:30',
    });
    const audit = (
      await ctx.t.get('/api/admin/audit', { api_key: ctx.admin.apiKey, entity: 'game' })
    ).json<{ data: AuditEntry[] }>().data;
    for (const eventId of made.event_ids) {
      expect(audit.filter((e) => e.entity_id === eventId && e.action === 'create')).toHaveLength(1);
    }
  });

  it('the imported games are on the site for a fresh viewer at once', async () => {
    const { csv } = await season();
    const res = await importCsv(csv.replaceAll('2031-01-1', '2032-02-1'));
    const made = res.json<AdminImportResult>();
    const viewer = await ctx.t.apiKey();
    const page = await ctx.t.get(`/api/events/${made.event_ids[2]}`, { api_key: viewer });
    expect(page.statusCode).toBe(200);
  });
});
