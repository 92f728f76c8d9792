import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers } from './support/viewers.js';

/*
 * Desktop Chrome's cast menu (issue 31): Google's Cast sender is asked for only once the viewer
 * opens the menu, and only the cast frame's CSP lets it run. No Cast device (nor the internet)
 * exists here: Google's script is answered by a stand-in that says Cast is not available.
 */

let server: RunningServer;
let browser: Browser;
let vodId: number;
const { anonymousKey, readyEvent } = demoViewers(() => server);

before(async () => {
  server = await startServer({ WORKER: 'true', DEMO_MEDIA_FIRST: '1', DEMO_GAME_SECONDS: '12' });
  browser = await launchBrowser();
  vodId = await readyEvent(await anonymousKey(), 'finished');
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

void describe('cast menu', () => {
  void it("loads Google's sender in the cast frame only when the menu opens", async () => {
    const context = await newContext(browser, server.url);
    const asked: string[] = [];
    await context.route('https://www.gstatic.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__onGCastApiAvailable(false);',
      });
    });
    const page = await context.newPage();
    await page.goto(`/watch/${vodId}`);
    const skip = page.getByRole('button', { name: 'Skip ad' });
    const cast = page.getByRole('button', { name: 'Cast to a TV' });
    await Promise.race([skip.waitFor({ timeout: 60_000 }), cast.waitFor({ timeout: 60_000 })]);
    if (await skip.isVisible()) await skip.click();
    await assertMainVideoPlays(page);

    // The watch page's own CSP refuses the sender, whoever would add it.
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.blockedURI), {
            once: true,
          });
          const script = document.createElement('script');
          script.src = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js';
          document.head.append(script);
        }),
    );
    assert.match(refused, /^https:\/\/www\.gstatic\.com\/cv\/js\/sender\//);
    assert.deepEqual(asked, []);
    assert.equal(await page.locator('iframe').count(), 0);

    await cast.click();
    const frame = page.frameLocator('iframe[src="/cast-sender.html"]');
    await frame.getByText('Casting is not available in this browser.').waitFor({ timeout: 30_000 });
    assert.deepEqual(asked, [
      'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
    ]);
    await context.close();
  });
});
