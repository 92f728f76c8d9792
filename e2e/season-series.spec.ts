import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminSignIn } from './support/admin.js';
import { DESKTOP, launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/*
 * A new operator's evening, first step (issue 34): a season's games made as one series through
 * the console's own form, in the browser, and listed with its four games. What the API and web tests cannot show: the real form, date and time
 * inputs and route in Chromium against the real server and database.
 */

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({});
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The next four Fridays' first one, as a date input's value, a year ahead (never in the past). */
function firstFriday(): { first: string; last: string } {
  const d = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1));
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  const first = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 21);
  return { first, last: d.toISOString().slice(0, 10) };
}

describe('a season in the console', () => {
  it('an operator makes a series of four Friday games; the series lists all four', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    try {
      const page = await context.newPage();
      await adminSignIn(page, server, '/admin/games/series/new');
      const away = page.getByLabel('Away team');
      // The form shows once the teams are loaded: wait for them before reading the list.
      await away.locator('option').nth(2).waitFor({ state: 'attached' });
      const teams = await away.locator('option').allTextContents();
      await away.selectOption({ label: teams[1]! });
      await page.getByLabel('Home team').selectOption({ label: teams[2]! });
      const name = page.getByLabel('Name (English)');
      // Filled in from the two teams once both are chosen.
      await page.waitForFunction(
        (el) => (el as HTMLInputElement | null)?.value.includes(' @ ') ?? false,
        await name.elementHandle(),
      );
      await name.fill('Friday Night Series');
      const { first, last } = firstFriday();
      await page.getByLabel('First day').fill(first);
      await page.getByLabel('Last day').fill(last);
      await page.getByText('This makes 4 games.').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/“Friday Night Series” is saved\. 4 games made\./).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/games/series');

      // The series is listed with its four games (a year ahead: past the games list's first page).
      const row = page.locator('li', { hasText: 'Friday Night Series' });
      await row.getByText('4 games', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
