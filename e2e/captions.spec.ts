import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers } from './support/viewers.js';

/* A demo replay's captions (issue 31): HLS subtitle renditions, chosen in the player, remembered. */

let server: RunningServer;
let browser: Browser;
let vodId: number;
const { anonymousKey, readyEvent } = demoViewers(() => server);

before(async () => {
  server = await startServer({ WORKER: 'true', DEMO_MEDIA_FIRST: '3', DEMO_GAME_SECONDS: '12' });
  browser = await launchBrowser();
  vodId = await readyEvent(await anonymousKey(), 'finished');
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Past the ad, if the game has one, to the playing game. */
async function watch(page: Page) {
  await page.goto(`/watch/${vodId}`);
  const skip = page.getByRole('button', { name: 'Skip ad' });
  const menu = page.getByRole('combobox', { name: 'Captions' });
  await Promise.race([skip.waitFor({ timeout: 60_000 }), menu.waitFor({ timeout: 60_000 })]);
  if (await skip.isVisible()) await skip.click();
  await assertMainVideoPlays(page);
  return menu;
}

/** The showing caption track's language and the text of its cues active at 1 s. */
function showingCues(page: Page) {
  return page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid=main-video]');
      const track = Array.from(video?.textTracks ?? []).find((t) => t.mode === 'showing');
      const cues = Array.from(track?.cues ?? []) as VTTCue[];
      const atOne = cues.filter((c) => c.startTime <= 1 && c.endTime > 1).map((c) => c.text);
      return track && atOne.length > 0 ? { lang: track.language, text: atOne.join(' ') } : null;
    },
    undefined,
    { timeout: 30_000 },
  );
}

void describe('captions', () => {
  void it('lists both languages, shows the chosen one’s cues, and remembers the choice', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const menu = await watch(page);
    assert.deepEqual(await menu.locator('option').allTextContents(), [
      'No captions',
      'English',
      'French',
    ]);
    await menu.selectOption('fr');
    const shown = await (await showingCues(page)).jsonValue();
    assert.equal(shown?.lang, 'fr');
    assert.match(shown?.text ?? '', /^Mise au jeu : \S+ contre \S+$/);

    // The next visit starts with French captions, without a click.
    await page.reload();
    const again = await watch(page);
    assert.equal(await again.inputValue(), 'fr');
    assert.equal((await (await showingCues(page)).jsonValue())?.lang, 'fr');
    await context.close();
  });
});
