import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers } from './support/viewers.js';

let server: RunningServer;
let browser: Browser;

/** The spec allows a cut 5 minutes; the demo's short games are cut in seconds. */
const CUT_TIMEOUT_MS = 120_000;

const { api, anonymousKey, newViewer, logIn, readyEvent } = demoViewers(() => server);

/** A viewer on the demo Monthly plan's trial, which includes clipping and download_clip. */
async function monthlyViewer() {
  const viewer = await newViewer({ monthly: true, name: 'clipper' });
  const access = await api<{ capabilities: string[] }>(`/user/access?api_key=${viewer.key}`);
  assert.ok(access.capabilities.includes('clipping'), 'the Monthly plan includes clipping');
  return viewer;
}

/**
 * Opens the clip tool on a playing game, names the clip, picks the sport tag, creates it and waits
 * for 'Your clip is ready'. `nudge` moves the end handle with the keyboard first.
 */
async function cutClip(page: Page, eventId: number, name: string, nudge = false) {
  await page.goto(`/watch/${eventId}`);
  await assertMainVideoPlays(page, 0.5);
  const player = page.getByRole('region', { name: 'Video player' });
  await player.hover();
  await player.getByRole('button', { name: 'Clip' }).click();
  const panel = page.getByRole('region', { name: 'Clip' });
  await panel.getByRole('heading', { name: 'Cut a clip' }).waitFor();
  // The handles appear on the seek bar once the tool has placed them.
  const end = page.getByRole('slider', { name: 'Clip end' });
  await end.waitFor();
  if (nudge) {
    const before = Number(await end.getAttribute('aria-valuenow'));
    await end.focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(
      Number(await end.getAttribute('aria-valuenow')),
      Math.round((before - 1) * 10) / 10,
    );
  }
  await panel.getByLabel('Name').fill(name);
  await panel.getByRole('checkbox', { name: 'Hockey' }).check();
  await panel.getByRole('button', { name: 'Create clip' }).click();
  await panel
    .getByText(/^(Your clip is ready|clip creating failed|Cutting your clip…)$/)
    .first()
    .waitFor();
  await panel
    .getByText(/^(Your clip is ready|clip creating failed)$/)
    .waitFor({ timeout: CUT_TIMEOUT_MS });
  assert.equal(await panel.getByText('clip creating failed').count(), 0, `${name} was cut`);
  return panel;
}

let vodId: number;
let liveId: number;

before(async () => {
  server = await startServer({ WORKER: 'true', DEMO_MEDIA_FIRST: '3', DEMO_GAME_SECONDS: '12' });
  browser = await launchBrowser();
  const key = await anonymousKey();
  liveId = await readyEvent(key, 'live');
  vodId = await readyEvent(key, 'finished');
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

void describe('clips in the browser', () => {
  void it('cuts clips from a live and a finished game, lists them, and shares one that plays for anyone', async () => {
    const viewer = await monthlyViewer();
    const errors: string[] = [];

    // A finished game on a desktop.
    const desktop = await newContext(browser, server.url, DESKTOP);
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await desktop.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, viewer);
    const finished = await cutClip(page, vodId, 'Replay highlight', true);
    await finished.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL(/\/watch_library\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Replay highlight' }).waitFor();
    await assertMainVideoPlays(page, 0.5);

    // A live game on a phone.
    const phone = await newContext(browser, server.url, PHONE);
    const phonePage = await phone.newPage();
    phonePage.on('pageerror', (e) => errors.push(e.message));
    await logIn(phonePage, viewer);
    await cutClip(phonePage, liveId, 'Live moment');
    await phone.close();

    // Both in the profile, ready to play, share and download.
    await page.goto('/profile/clips');
    for (const name of ['Replay highlight', 'Live moment']) {
      const card = page.getByRole('listitem', { name });
      await card.getByRole('link', { name: 'Play' }).waitFor();
      await card.getByRole('button', { name: 'Download' }).waitFor();
    }
    await page
      .getByRole('listitem', { name: 'Live moment' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await page.getByText('Link copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, new RegExp(`^${server.url}/share/\\d+/[0-9a-f-]{36}$`));

    // A stranger with the link: no account, the channel's site, and the clip plays.
    const stranger = await newContext(browser, server.url, PHONE);
    const anonymous = await stranger.newPage();
    anonymous.on('pageerror', (e) => errors.push(e.message));
    await anonymous.goto(link);
    await anonymous.getByRole('heading', { level: 1, name: 'Live moment' }).waitFor();
    await anonymous.getByText(/^A clip from /).waitFor();
    await assertMainVideoPlays(anonymous, 0.5);
    await stranger.close();

    assert.deepEqual(errors, []);
    await desktop.close();
  });
});
