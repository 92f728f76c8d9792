import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { MEDIA_TIMEOUT_MS, assertMainVideoPlays, demoViewers } from './support/viewers.js';

let server: RunningServer;
let browser: Browser;

const { api, anonymousKey } = demoViewers(() => server);

interface Page0 {
  data: { id: number; title: string }[];
  meta: { total: number };
}

/** Waits until the worker has published the demo library and clipped a demo game. */
async function readyLibrary(key: string) {
  const deadline = Date.now() + MEDIA_TIMEOUT_MS * 2;
  while (Date.now() < deadline) {
    const items = await api<Page0>(`/vod-media-items?api_key=${key}&limit=100`);
    const clipped = await api<Page0>(`/events/with_clip?api_key=${key}`);
    // By title too: the worker's highlights reels are library videos as well, so a count alone can
    // be reached while a demo item the journey opens is still being published.
    const listed = items.data.some((i) => i.title === 'Meet the rookies');
    if (items.meta.total >= 9 && listed && clipped.meta.total > 0) return items;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error('the demo library was not ready in time');
}

/** The width of every card in a rail, in CSS pixels. */
async function cardWidths(page: Page, rail: string) {
  const items = page.getByRole('region', { name: rail }).getByRole('listitem');
  await items.first().waitFor();
  return Promise.all((await items.all()).map(async (i) => (await i.boundingBox())?.width ?? 0));
}

const inBounds = (widths: number[]) => widths.every((w) => w >= 280 && w <= 380);

before(async () => {
  server = await startServer({ WORKER: 'true', DEMO_MEDIA_FIRST: '2', DEMO_GAME_SECONDS: '12' });
  browser = await launchBrowser();
  await readyLibrary(await anonymousKey());
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

void describe('VOD library in the browser', () => {
  void it('browses rails that move by themselves, searches with a typo, opens a video and it plays', async () => {
    const errors: string[] = [];

    // A phone: rails of cards within 280–380 px that move on every 5 s.
    const phone = await newContext(browser, server.url, PHONE);
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(e.message));
    await small.goto('/vod_library');
    await small.getByRole('heading', { level: 1, name: 'Clips and VOD library' }).waitFor();
    const featured = small.getByRole('region', { name: 'Featured' });
    await featured.getByRole('article').first().waitFor();
    assert.ok(inBounds(await cardWidths(small, 'Featured')), 'phone cards are 280–380 px');
    const list = featured.getByRole('list');
    assert.equal(await list.evaluate((l) => l.scrollLeft), 0);
    const handle = await list.elementHandle();
    await small.waitForFunction((l) => (l?.scrollLeft ?? 0) > 0, handle, { timeout: 12_000 });
    await small
      .getByRole('region', { name: 'Games with clips' })
      .getByRole('article')
      .first()
      .waitFor();
    await phone.close();

    // A desktop: every rail, the categories, a search as you type that forgives a typo.
    const desktop = await newContext(browser, server.url, DESKTOP);
    const page = await desktop.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/vod_library');
    for (const rail of [
      'Featured',
      'Latest highlights',
      'Interviews and features',
      'Season recaps',
    ]) {
      assert.ok(inBounds(await cardWidths(page, rail)), `${rail}: cards are 280–380 px`);
    }
    const clipped = page.getByRole('region', { name: 'Games with clips' });
    await clipped.getByRole('article').first().waitFor();

    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: /^Interviews/ }).click();
    await page.getByRole('link', { name: 'Meet the rookies' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Top 10 saves of the month' }).count(), 0);
    await categories.getByRole('link', { name: 'All' }).click();
    await page.getByRole('region', { name: 'Featured' }).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.pressSequentially('hocky', { delay: 60 });
    await page.getByText(/^\d+ videos? for “hocky”$/).waitFor();
    await page.waitForURL(/\?search=hocky$/);
    await page.getByRole('link', { name: 'Overtime winner: Wolves edge the Knights' }).waitFor();
    await search.fill('rétrospective');
    await page.getByRole('link', { name: 'Season recap: the U18 regular season' }).waitFor();
    await search.fill('zamboni');
    await page.getByText('No videos match “zamboni”').waitFor();

    // A video that needs a pass tells an anonymous viewer how to get one.
    await search.fill('recap');
    await page.getByRole('link', { name: 'Season recap: the U18 regular season' }).click();
    await page.waitForURL(/\/watch_library\/\d+\?type=vod$/);
    await page.getByText('Included with library passes').waitFor();
    assert.equal(await page.getByTestId('main-video').count(), 0);

    // A free one plays in the site's player, with more of its category beside it.
    await page.getByRole('link', { name: 'Back to the library' }).click();
    await page
      .getByRole('region', { name: 'Interviews and features' })
      .getByRole('link', { name: 'Coach Martin on the playoff push' })
      .click();
    await page.waitForURL(/\/watch_library\/\d+\?type=vod$/);
    await page
      .getByRole('heading', { level: 1, name: 'Coach Martin on the playoff push' })
      .waitFor();
    await assertMainVideoPlays(page, 1);
    const related = page.getByRole('region', { name: 'More like this' });
    await related.getByRole('link', { name: 'Meet the rookies' }).waitFor();

    assert.deepEqual(errors, []);
    await desktop.close();
  });
});
