import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function channelPrimaryColor(): Promise<string> {
  const keyRes = await fetch(`${server.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo-hockey' }),
  });
  const { api_key } = (await keyRes.json()) as { api_key: string };
  const colors = (await (
    await fetch(`${server.url}/api/color-settings/web?api_key=${api_key}`)
  ).json()) as Record<string, string>;
  assert.ok(colors.primary, 'the demo channel has a primary colour');
  return colors.primary;
}

describe('foundation in the browser', () => {
  for (const [name, device] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens the home page in the channel's colours (${name})`, async () => {
      const context = await newContext(browser, server.url, device);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Live now', exact: true }).waitFor();
      await page.waitForSelector('#splash', { state: 'detached' });
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      assert.equal(primary.toLowerCase(), (await channelPrimaryColor()).toLowerCase());
      assert.ok(
        await page
          .getByRole('img', { name: /NJHL|Northern Junior Hockey League/i })
          .first()
          .isVisible(),
      );
      assert.ok(
        (await page.locator('article, [data-event-card]').count()) > 0,
        'event cards are shown',
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 1, `no sideways scroll (${overflow}px)`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('sends an unknown path to /404 with the spec texts', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/does-not-exist');
    await page.waitForURL('**/404');
    for (const text of ['Hmm', 'game not found', 'Looks like we lose this page']) {
      assert.ok(await page.getByText(text, { exact: false }).first().isVisible(), text);
    }
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('switches to French and remembers it', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Live now', exact: true }).waitFor();
    await page.locator('button[lang="fr"]:visible').first().click();
    await page.getByRole('heading', { name: 'En direct', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'En direct', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
    await context.close();
  });

  it('shows the error screen with a 60 s reload countdown when no API key can be had', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install();
    await page.route('**/api/get_api_key', (route) => route.fulfill({ status: 503, body: '{}' }));
    // A listing needs a key for its first call (the home page paints from the data the server put
    // into the page, and asks for a key only later).
    await page.goto('/live');
    await page
      .getByText('Apologies! Our service is currently experiencing technical difficulties.')
      .waitFor();
    const button = page.getByRole('button', { name: /reload/i });
    assert.equal(await button.isDisabled(), true);
    assert.match((await button.textContent()) ?? '', /60/);
    await page.clock.runFor(1000);
    assert.match((await button.textContent()) ?? '', /59/);
    await page.clock.runFor(60_000);
    assert.equal(await button.isDisabled(), false);
    await context.close();
  });
});
