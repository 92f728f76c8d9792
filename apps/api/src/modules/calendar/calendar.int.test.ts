import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { insertGame, teamsOf } from '../../test/fans-test-kit.js';

/*
 * The calendar feeds, read back with a maintained parser (ical.js) as a calendar app reads them:
 * stable UIDs, the game's own time zone, its watch page, and a moved game carrying a higher
 * SEQUENCE and a newer LAST-MODIFIED.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

describe('calendar feeds', () => {
  it("a team's feed: its games, in their zone, with a UID that survives a move", async () => {
    const db = t.database.db;
    const { home, away, sport } = await teamsOf(db, t.demoChannelId);
    const start = new Date('2027-01-15T00:00:00Z'); // 19:00 EST on Jan 14
    const gameId = await insertGame(db, {
      channelId: t.demoChannelId,
      start,
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    const feed = async (path: string) => {
      const res = await t.get(path);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      return parse(res.body);
    };

    const urlOf = (e: ICAL.Event) => String(e.component.getFirstPropertyValue('url') ?? '');
    const first = (await feed(`/api/calendar/team-${home.id}.ics`)).find((e) =>
      urlOf(e).endsWith(`/watch/${gameId}`),
    );
    expect(first).toBeDefined();
    // The name the game was given, as viewers see it (issue 34), not one rebuilt from its teams.
    expect(first?.summary).toBe('Test game');
    expect(first?.startDate.zone?.tzid).toBe('America/New_York');
    expect(first?.startDate.toString()).toBe('2027-01-14T19:00:00');
    expect(first?.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(first?.endDate.toJSDate().getTime()).toBe(start.getTime() + 120 * 60_000);
    const sequence = first?.sequence ?? 0;
    const modified = first?.component.getFirstPropertyValue('last-modified');

    // The game moves an hour later: same UID, higher SEQUENCE, newer LAST-MODIFIED.
    await new Promise((r) => setTimeout(r, 5)); // LAST-MODIFIED has second precision below
    await db
      .updateTable('events')
      .set({ event_utc_ts: new Date(start.getTime() + 3600_000) })
      .where('id', '=', gameId)
      .execute();
    const moved = (await feed(`/api/calendar/team-${home.id}.ics`)).find(
      (e) => e.uid === first?.uid,
    );
    expect(moved?.startDate.toString()).toBe('2027-01-14T20:00:00');
    expect(moved?.sequence).toBe(sequence + 1);
    const movedAt = moved?.component.getFirstPropertyValue('last-modified');
    expect(String(movedAt) >= String(modified)).toBe(true);
    expect(moved?.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    // The same game in the school's, the sport's and the channel's feeds, under the same UID.
    for (const path of [
      `/api/calendar/school-${home.participant_group_id}.ics`,
      `/api/calendar/sport-${sport.id}.ics`,
      '/api/calendar/channel.ics',
    ]) {
      expect((await feed(path)).map((e) => e.uid)).toContain(first?.uid);
    }
    // Another channel's feed does not hold it, nor does a team of another channel open here.
    const other = await t.inject({
      method: 'GET',
      url: '/api/calendar/channel.ics',
      headers: { host: 'other.example.test' },
    });
    expect(parse(other.body).map((e) => e.uid)).not.toContain(first?.uid);
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/calendar/team-${home.id}.ics`,
      headers: { host: 'other.example.test' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses what is not a feed with a 4xx', async () => {
    for (const path of [
      '/api/calendar/team-0.ics',
      '/api/calendar/team-abc.ics',
      '/api/calendar/player-1.ics',
      '/api/calendar/team-99999999999.ics',
    ]) {
      expect((await t.get(path)).statusCode, path).toBe(400);
    }
    // A NUL in a path is a 404 everywhere (plugins/storable-text.ts).
    expect((await t.get('/api/calendar/team-1%00.ics')).statusCode).toBe(404);
    expect((await t.get('/api/calendar/team-999999.ics')).statusCode).toBe(404);
  });
});
