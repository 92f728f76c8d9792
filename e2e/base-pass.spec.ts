import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser.js';
import { demoChannelId } from './support/demo-channel.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let formId = 0;

before(async () => {
  // The demo leaves custom forms off (its visitors are not held up); this channel requires the
  // base-pass choice, as a channel's settings and its 'passes' form would.
  server = await startServer(
    {},
    {
      prepare: async (db) => {
        const channelId = await demoChannelId(db);
        await db
          .updateTable('settings')
          .set({ data: sql`data || '{"custom_forms": true}'::jsonb` })
          .where('channel_id', '=', channelId)
          .execute();
        const form = await db
          .insertInto('custom_forms')
          .values({
            channel_id: channelId,
            alias: 'passes',
            definition: JSON.stringify({
              fields: [
                { name: 'base_pass', label: 'Your base pass', type: 'package', required: true },
              ],
            }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        formId = form.id;
      },
    },
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** POST auth/logout with the page's key, as the header's button sends it. */
function logoutStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('rudy_api_key') ?? '{}') as { v?: string };
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: stored.v ?? '' }),
    });
    return res.status;
  });
}

void describe('base-pass custom form', () => {
  void it('sends a new user to pass selection, saves the choice, then lets them browse', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Registration signs the user in; the verification notice is one of the allowed routes.
    await page.goto('/registration');
    await page.getByLabel('First name', { exact: true }).fill('Bea');
    await page.getByLabel('Last name', { exact: true }).fill('Base');
    await page
      .getByLabel('Email', { exact: true })
      .fill(`bea-${randomBytes(4).toString('hex')}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('base passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('base passphrase');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/verify-notice');

    await page.goto('/live');
    await page.waitForURL(`**/select-package/${formId}`);
    await page.getByRole('heading', { name: 'Choose your pass' }).waitFor();
    // Spec: logging out is refused while the base pass is unselected.
    assert.equal(await logoutStatus(page), 400);
    // Nothing is saved until a pass is picked.
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.getByText('Field is required').waitFor();
    await page.getByRole('radio', { name: /Season Pass/ }).check();
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/select-package'));

    await page.goto('/vod');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, '/vod');

    // The choice is kept by the server: it comes back after a reload.
    const saved = await page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('rudy_api_key') ?? '{}') as { v?: string };
      const res = await fetch(`/api/custom-forms/passes?api_key=${stored.v ?? ''}`);
      return ((await res.json()) as { entries: { name: string; value: string }[] }).entries;
    });
    assert.equal(saved.length, 1);
    assert.equal(saved[0]?.name, 'base_pass');
    assert.match(saved[0]?.value ?? '', /^\d+$/);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, '/vod');
    assert.equal(await logoutStatus(page), 200);
    assert.deepEqual(errors, []);
  });
});
