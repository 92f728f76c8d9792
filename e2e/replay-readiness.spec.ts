import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/*
 * A listing never offers what cannot play (issue 18): with no worker, the test gives three
 * finished free games the media states a fresh demo has during its first minutes: one replay
 * packaged, one still being packaged, one with no media at all.
 */

let server: RunningServer;
let browser: Browser;
const games = { ready: 0, packaging: 0, none: 0 };
const names = { ready: '', packaging: '', none: '' };

before(async () => {
  server = await startServer(
    {},
    {
      prepare: async (db) => {
        const rows = await db
          .selectFrom('events')
          .select(['id', 'channel_id', 'event_utc_ts', 'duration_minutes'])
          .where('access_type', '=', 'free')
          .orderBy('event_utc_ts', 'desc')
          .execute();
        const finished = rows.filter(
          (r) =>
            new Date(r.event_utc_ts).getTime() + r.duration_minutes * 60_000 <
            Date.now() - 3_600_000,
        );
        const [ready, packaging, none] = finished;
        assert.ok(ready && packaging && none, 'the demo has three finished free games');
        games.ready = ready.id;
        games.packaging = packaging.id;
        games.none = none.id;
        const media = (eventId: number, status: 'ready' | 'pending') => ({
          channel_id: ready.channel_id,
          event_id: eventId,
          kind: 3,
          status,
          storage_key: `${ready.channel_id}/events/${eventId}/vod/master.m3u8`,
        });
        await db
          .insertInto('event_media')
          .values([media(ready.id, 'ready'), media(packaging.id, 'pending')])
          .execute();
      },
    },
  );
  browser = await launchBrowser();
  const key = await fetch(`${server.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo-hockey' }),
  }).then(async (r) => ((await r.json()) as { api_key: string }).api_key);
  for (const which of ['ready', 'packaging', 'none'] as const) {
    const res = await fetch(`${server.url}/api/events/${games[which]}?api_key=${key}`);
    names[which] = ((await res.json()) as { name: string }).name;
  }
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openListing(device: typeof PHONE | typeof DESKTOP, locale: string, path: string) {
  const context = await browser.newContext({ ...device, baseURL: server.url, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  return { page, errors, close: () => context.close() };
}

/** The card of a game in the listing (titles repeat: teams meet more than once). */
function card(page: Page, which: keyof typeof games) {
  return page.locator(`article[data-event-id="${games[which]}"]`);
}

void describe('replays that are not ready', () => {
  for (const variant of [
    { name: 'phone, English', device: PHONE, locale: 'en-US', soon: 'Replay coming soon' },
    {
      name: 'desktop, French',
      device: DESKTOP,
      locale: 'fr-FR',
      soon: 'Rediffusion bientôt disponible',
    },
  ]) {
    void it(`are no play link in the On demand listing, which says why (${variant.name})`, async () => {
      const { page, errors, close } = await openListing(variant.device, variant.locale, '/vod');
      const ready = card(page, 'ready');
      await ready.waitFor();
      assert.equal(
        await ready.getByRole('link', { name: names.ready }).getAttribute('href'),
        `/watch/${games.ready}`,
      );
      assert.equal(await ready.getByText(variant.soon).count(), 0);

      const packaging = card(page, 'packaging');
      await packaging.getByText(variant.soon).waitFor();
      await packaging.getByRole('heading', { name: names.packaging }).waitFor();
      assert.equal(await packaging.getByRole('link').count(), 0, 'no link to a player');
      const none = card(page, 'none');
      assert.equal(await none.getByRole('link').count(), 0);
      assert.equal(await none.getByText(variant.soon).count(), 0);
      assert.deepEqual(errors, []);
      await close();
    });
  }

  void it('says on the watch page that the replay is coming, with no broken player', async () => {
    const { page, errors, close } = await openListing(PHONE, 'en-US', '/vod');
    await page.goto(`/watch/${games.packaging}`);
    await page.getByText('Replay coming soon').waitFor();
    await page.getByText(/It starts here by itself once it is ready/).waitFor();
    assert.equal(await page.getByTestId('main-video').count(), 0);
    assert.equal(await page.getByText(/technical difficulties/).count(), 0);
    // The "More games" rail loads its code after the screen, busy for a moment: it must settle.
    await page
      .locator('[aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await page.locator('[aria-busy="true"]').count(), 0, 'no endless spinner');
    assert.deepEqual(errors, []);
    await close();
  });
});
