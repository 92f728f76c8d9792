import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_CHANNEL_KEY } from '../apps/api/src/db/seed/demo-channel.js';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { demoChannelId } from './support/demo-channel.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

/**
 * The channel's home_intro block as a careless or hostile operator could write it: emphasis and a
 * link that must survive, and a script, an event handler and a javascript: link that must not run.
 */
const INTRO_EN =
  'Every NJHL game <strong>live</strong>. <a href="/schedule">See the schedule</a>' +
  '<img src="/nothing.png" onerror="window.__xss = 1"><script>window.__xss = 2</script>' +
  '<a href="javascript:window.__xss = 3">Bad link</a><style>body { display: none }</style>';
const INTRO_FR = 'Chaque match de la LHJN <strong>en direct</strong>.';

before(async () => {
  server = await startServer(
    {},
    {
      prepare: async (db) => {
        const channelId = await demoChannelId(db);
        await db
          .updateTable('static_blocks')
          .set({ content: JSON.stringify({ en: INTRO_EN, fr: INTRO_FR }) as never })
          .where('channel_id', '=', channelId)
          .where('alias', '=', 'home_intro')
          .execute();
      },
    },
  );
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

  it("shows the channel's static blocks, sanitised and in the visitor's language", async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    const intro = page.locator('section[aria-labelledby="home-intro-title"]');
    await intro.getByRole('heading', { name: 'Junior hockey, every shift' }).waitFor();
    assert.ok(await intro.getByText('Every NJHL game').isVisible());
    assert.equal(await intro.locator('strong').textContent(), 'live');
    assert.equal(
      await intro.getByRole('link', { name: 'See the schedule' }).getAttribute('href'),
      '/schedule',
    );
    // What a channel must not put into the page: gone, and nothing of it ran.
    assert.equal(await intro.locator('img, script, style').count(), 0);
    // The javascript: link keeps its words, not its target (an anchor without href: no link).
    assert.ok(await intro.getByText('Bad link').isVisible());
    assert.equal(await intro.locator('[href^="javascript"], [onerror]').count(), 0);
    assert.equal(await page.evaluate(() => (window as { __xss?: number }).__xss), undefined);
    assert.ok(await page.locator('body').isVisible());

    const footer = page.locator('footer');
    await footer.getByRole('heading', { name: 'Northern Junior Hockey League' }).waitFor();
    assert.ok(await footer.getByText(/Student-produced broadcasts of U18, U16/).isVisible());
    const notice = page.getByRole('region', { name: /cookie/i });
    assert.ok(await notice.getByText(/We use cookies and local storage/).isVisible());

    await page.locator('button[lang="fr"]:visible').first().click();
    await intro.getByRole('heading', { name: 'Le hockey junior, chaque présence' }).waitFor();
    assert.equal(await intro.locator('strong').textContent(), 'en direct');
    await footer.getByText(/réalisés par des élèves/).waitFor();
    await notice.getByText(/Nous utilisons des témoins/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('?modal=login opens the login screen, which signs in and comes back to the page', async () => {
    const email = `modal-${Date.now()}@example.com`;
    const password = 'Correct-horse-battery-42';
    const keyRes = await fetch(`${server.url}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: DEMO_CHANNEL_KEY }),
    });
    const { api_key } = (await keyRes.json()) as { api_key: string };
    const registered = await fetch(`${server.url}/api/v2/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key,
        email,
        password,
        password_confirmation: password,
        first_name: 'Modal',
        last_name: 'Fan',
        terms_accepted: true,
      }),
    });
    assert.equal(registered.status, 200, await registered.text());

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/live?modal=login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(new URL(page.url()).searchParams.get('return_to'), '/live');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${server.url}/live`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for / })
      .waitFor();
    await context.close();
  });

  it('sends an unknown path to /404 with the spec texts', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/does-not-exist');
    await page.waitForURL('**/404');
    // The router replaces the address before the first screen is committed (a transition render).
    for (const text of ['Hmm', 'game not found', 'Looks like we lose this page']) {
      await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
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
