import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
  ParticipantSchema,
  ParticipantsPageSchema,
} from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';

let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await t.apiKey();
});
afterAll(() => t.close());

const participants = async (query: Record<string, string> = {}, apiKey = key) => {
  const res = await t.get('/api/participants', { api_key: apiKey, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return ParticipantsPageSchema.parse(res.json());
};

describe('GET /participants', () => {
  it('no_limit=1 returns every team in name order with its properties', async () => {
    const all = await participants({ no_limit: '1' });
    expect(all.data).toHaveLength(9);
    expect(all.meta).toEqual({ total: 9, offset: 0, limit: 9 });
    const names = all.data.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    const wolves = all.data.find((p) => p.short_name === 'Wolves');
    expect(wolves).toMatchObject({
      name: 'Lakeshore Wolves',
      alias: 'lakeshore-wolves',
      properties: { gender: 'men', sport: 'Hockey', division: 'U18', league: 'NJHL' },
      children: [],
    });
    expect(wolves?.images.logo).toMatch(/^data:image\/svg\+xml/);
    // no_limit ignores offset and limit; no_limit=0 is the paginated listing.
    expect((await participants({ no_limit: 'true', limit: '2', offset: '3' })).data).toHaveLength(
      9,
    );
    expect((await participants({ no_limit: '0', limit: '2' })).data).toHaveLength(2);
  });

  it('pages in a stable order with the total', async () => {
    const all = (await participants({ no_limit: '1' })).data.map((p) => p.id);
    const seen: number[] = [];
    for (let offset = 0; offset < 9; offset += 4) {
      const page = await participants({ offset: String(offset), limit: '4' });
      expect(page.meta).toEqual({ total: 9, offset, limit: 4 });
      seen.push(...page.data.map((p) => p.id));
    }
    expect(seen).toEqual(all);
    expect((await participants()).meta.limit).toBe(50);
    expect(await participants({ offset: '50' })).toEqual({
      data: [],
      meta: { total: 9, offset: 50, limit: 50 },
    });
  });

  it('filters by school, sport, gender, division, league and name words', async () => {
    const all = (await participants({ no_limit: '1' })).data;
    const school = all[0]?.participant_group_id;
    const cases: [Record<string, string>, (p: (typeof all)[number]) => boolean][] = [
      [{ group: String(school) }, (p) => p.participant_group_id === school],
      [{ sport: 'Hockey' }, (p) => p.properties.sport === 'Hockey'],
      [{ gender: 'women' }, (p) => p.properties.gender === 'women'],
      [{ division: 'U16' }, (p) => p.properties.division === 'U16'],
      [{ league: 'NJHL', gender: 'men' }, (p) => p.properties.league === 'NJHL'],
      [{ search: 'rideau' }, (p) => p.name.startsWith('Rideau')],
      [{ search: 'ra' }, (p) => /\bRa/.test(p.name)],
    ];
    for (const [query, test] of cases) {
      const expected = all.filter(test).map((p) => p.id);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      const got = await participants({ ...query, no_limit: '1' });
      expect(
        got.data.map((p) => p.id),
        JSON.stringify(query),
      ).toEqual(expected);
    }
    expect((await participants({ search: 'nobody' })).meta.total).toBe(0);
  });

  it('lists child teams under their parent', async () => {
    const all = (await participants({ no_limit: '1' })).data;
    const [parent, child] = all;
    await t.database.db
      .updateTable('participants')
      .set({ parent_id: parent?.id ?? null })
      .where('id', '=', child?.id ?? 0)
      .execute();
    const res = await t.get(`/api/participants/${parent?.id}`, { api_key: key });
    expect(ParticipantSchema.parse(res.json()).children).toEqual([child?.id]);
  });

  it("keeps to the key's channel: another channel's team is 404", async () => {
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    const mine = (await participants({ no_limit: '1' })).data.map((p) => p.id);
    const theirs = (await participants({ no_limit: '1' }, otherKey)).data.map((p) => p.id);
    expect(theirs.some((id) => mine.includes(id))).toBe(false);
    const foreign = await t.get(`/api/participants/${theirs[0]}`, { api_key: key });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'not_found', message: 'Participant not found' });
    const school = (await participants({ no_limit: '1' }, otherKey)).data[0]?.participant_group_id;
    expect((await participants({ group: String(school) })).meta.total).toBe(0);
  });
});

describe('GET /participant-groups and /participant-group-properties', () => {
  it('lists the schools and the filter properties with their values', async () => {
    const groups = z
      .array(ParticipantGroupSchema)
      .parse((await t.get('/api/participant-groups', { api_key: key })).json());
    expect(groups.map((g) => g.name)).toEqual([
      'Collège Saint-Laurent',
      'Lakeshore Collegiate',
      'Rideau Valley Secondary School',
      "St. Brendan's Academy",
    ]);
    const props = z
      .array(ParticipantGroupPropertySchema)
      .parse((await t.get('/api/participant-group-properties', { api_key: key })).json());
    expect(Object.fromEntries(props.map((p) => [p.name, p.values]))).toEqual({
      gender: ['men', 'women'],
      sport: ['Hockey'],
      division: ['U16', 'U18'],
      league: ['NJHL', 'NJWHL'],
    });
    const fr = z
      .array(ParticipantGroupPropertySchema)
      .parse(
        (await t.get('/api/participant-group-properties', { api_key: key, lang: 'fr' })).json(),
      );
    expect(fr.find((p) => p.name === 'gender')?.label).toBe('Genre');
  });
});
