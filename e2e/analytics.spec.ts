import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { adminSignIn as signIn } from './support/admin.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers } from './support/viewers.js';

let server: RunningServer;
let browser: Browser;

const { newViewer, logIn, readyEvent } = demoViewers(() => server);

before(async () => {
  server = await startServer({ WORKER: 'true', DEMO_MEDIA_FIRST: '1', DEMO_GAME_SECONDS: '12' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The dashboard's key figures, by their label. */
async function figures(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const kpi of Array.from(document.querySelectorAll('dl > div'))) {
      const label = kpi.querySelector('dt')?.textContent?.trim();
      const value = kpi.querySelector('dd')?.textContent?.trim();
      if (label && value) out[label] = value;
    }
    return out;
  });
}

async function adminSignIn(page: Page) {
  // Not signed in: the console sends to the sign-in, then back.
  await signIn(page, server, '/admin');
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
}

describe('analytics', () => {
  it('a visit, a login and a few seconds of a game show up on the channel’s dashboard', async () => {
    const viewerContext = await newContext(browser, server.url, DESKTOP);
    const adminContext = await newContext(browser, server.url, DESKTOP);
    try {
      const viewer = await newViewer({ name: 'watcher' });
      // The viewer signs in before watching: a game for registered viewers will do, and the demo
      // renders the most recent one first.
      const game = await readyEvent(viewer.key, 'finished', ['free', 'register']);
      const page = await viewerContext.newPage();
      // A campaign link: its trk value goes with every payload.
      await page.goto('/?trk=spring-mail');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await logIn(page, viewer);
      // The client loads after the page is idle; this page's visit is sent once it has (other
      // events, such as the login, go to the same address: wait for this one).
      const visitSent = page.waitForResponse(
        (res) =>
          res.url().endsWith('/datalake/event/') &&
          res.status() === 200 &&
          (res.request().postData() ?? '').includes('"/schedule"'),
      );
      await page.goto('/schedule');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await visitSent;
      await page.goto(`/watch/${game}`);
      await assertMainVideoPlays(page, 3);
      // Leaving the page sends the viewing time still counted (a beacon on page hide).
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      const admin = await adminContext.newPage();
      await adminSignIn(admin);
      await admin.getByRole('button', { name: 'Today', exact: true }).click();
      let seen: Record<string, string> = {};
      const deadline = Date.now() + 30_000;
      for (;;) {
        seen = await figures(admin);
        const ready =
          Number(seen.Views) >= 1 &&
          Number(seen.Logins) >= 1 &&
          Number(seen['Page visits']) >= 3 &&
          /\d+ (s|min)/.test(seen['Watch time'] ?? '') &&
          /ms|s$/.test(seen['Time to first frame'] ?? '');
        if (ready) break;
        if (Date.now() > deadline)
          assert.fail(`the dashboard did not catch up: ${JSON.stringify(seen)}`);
        await admin.waitForTimeout(1_000);
        await admin.reload();
        await admin.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      }
      assert.ok(Number(seen['Unique viewers']) >= 1, JSON.stringify(seen));
      assert.notEqual(seen['Watch time'], '0 s');

      // The game watched is in the watch-time table, the pages visited among the top pages.
      const breakdown = admin.getByRole('region', { name: 'Watch time' });
      const watchedRow = breakdown.getByRole('row').filter({ hasText: '@' }).first();
      await watchedRow.waitFor();
      const pages = admin.getByRole('region', { name: 'Top pages' });
      await pages.getByRole('rowheader', { name: `/watch/${game}` }).waitFor();
      await pages.getByRole('rowheader', { name: '/schedule', exact: true }).waitFor();
      // The console is the operator's, not a page of the site.
      assert.equal(await pages.getByRole('rowheader', { name: '/admin' }).count(), 0);
    } finally {
      await viewerContext.close();
      await adminContext.close();
    }
  });

  it('a viewer who opens /admin is told it is for the channel’s admins (phone)', async () => {
    const context = await newContext(browser, server.url, PHONE);
    try {
      const viewer = await newViewer({ name: 'curious' });
      const page = await context.newPage();
      await logIn(page, viewer);
      await page.goto('/admin');
      await page.getByRole('heading', { name: "This area is for the channel's admins" }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Analytics', level: 1 }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
