import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { followMailLink } from './support/outbox.js';
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

const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

/** A paid demo game, found as any visitor would: the public listing. */
async function paidGameId(): Promise<number> {
  const keyRes = await fetch(`${server.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo-hockey' }),
  });
  const { api_key } = (await keyRes.json()) as { api_key: string };
  const res = await fetch(`${server.url}/api/events?limit=100&api_key=${api_key}`);
  const { data } = (await res.json()) as { data: { id: number; access_type: string }[] };
  const game = data.find((e) => e.access_type === 'paid');
  assert.ok(game, 'the demo channel has a paid game');
  return game.id;
}

async function register(page: Page, first: string, email: string) {
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill('Buyer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('buyer passphrase');
  await page.getByLabel('Confirm password', { exact: true }).fill('buyer passphrase');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/verify-notice');
}

async function newBuyer(
  first: string,
  opts: { verified?: boolean; device?: typeof PHONE | typeof DESKTOP } = {},
): Promise<Page> {
  const context = await newContext(browser, server.url, opts.device);
  const page = await context.newPage();
  await page.goto('/registration');
  const email = uniqueEmail(first.toLowerCase());
  await register(page, first, email);
  if (opts.verified) {
    await followMailLink(page, server, email, '/verify-email');
    await page.getByText('Your email address is confirmed. Thank you!').waitFor();
  }
  return page;
}

async function fillCard(page: Page, number: string) {
  await page.getByText('Sandbox — test card').waitFor();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Buyer');
}

/**
 * The outcome of a payment is where the buyer looks: in the viewport with the focus, not above it
 * (Pay sits at the bottom of a long form on a phone).
 */
async function assertOutcomeInView(page: Page, outcome: ReturnType<Page['getByRole']>) {
  const box = await outcome.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  assert.ok(box && box.y >= 0 && box.y + box.height <= height, `in view: ${JSON.stringify(box)}`);
}

/** What the playback call says now for this page's signed-in key (the player asks the same). */
function playbackAccess(page: Page, eventId: number): Promise<string> {
  return page.evaluate(async (id) => {
    const stored = JSON.parse(localStorage.getItem('rudy_api_key') ?? '{}') as { v?: string };
    const res = await fetch(`/api/events/${id}/playback?api_key=${stored.v ?? ''}`);
    return ((await res.json()) as { access: string }).access;
  }, eventId);
}

void describe('commerce in the browser', () => {
  void it('an anonymous visitor picks a paid game, registers, pays and may watch', async () => {
    const gameId = await paidGameId();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/watch/${gameId}`);
    await page.getByRole('link', { name: 'Buy this game' }).click();
    await page.waitForURL('**/buy?event_id=*');
    const buyUrl = page.url();
    await page.getByText('Sign in to buy').waitFor();
    await page.getByText('Total due now').waitFor();
    await page.getByText('No refunds. All sales final.').waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/registration');
    const email = uniqueEmail('gus');
    await register(page, 'Gus', email);
    // The confirmation mail's link (dev outbox) brings the new viewer back to this checkout.
    await followMailLink(page, server, email, '/verify-email');
    await page.waitForURL(buyUrl);
    await page.getByText('Your email address is confirmed. Thank you!').waitFor();

    // No saved card yet: the sandbox form is open; its checks run before anything is sent.
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Field is required').first().waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByText('No refunds. All sales final.').waitFor();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Confirming your payment').waitFor();
    await page.getByRole('heading', { name: 'Payment complete' }).waitFor({ timeout: 15_000 });
    assert.equal(await playbackAccess(page, gameId), 'granted');

    await page.getByRole('link', { name: 'Watch the game' }).click();
    await page.waitForURL(`**/watch/${gameId}`);
    await page.getByRole('link', { name: 'Buy this game' }).waitFor({ state: 'detached' });

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Active orders' }).waitFor();
    await page.goto('/profile/transactions');
    await page.getByRole('table').getByText('Single game:', { exact: false }).first().waitFor();
    assert.deepEqual(errors, []);
  });

  void it('a declined card shows the failure popup; a card asking for a second step then pays', async () => {
    // On a phone: Pay is at the bottom of the form, the outcome must come into view.
    const page = await newBuyer('Dee', { device: PHONE });
    await page.goto('/buy?package_id=1');

    await page.getByLabel('Promo code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Wrong promo code').waitFor();
    await page.getByLabel('Promo code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/Code WELCOME10 applied/).waitFor();
    await page.getByText('Promo code WELCOME10').waitFor();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const popup = page.getByRole('alertdialog', { name: 'Payment failed' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByText('Your card was declined.').waitFor();
    await assertOutcomeInView(page, popup);
    await popup.getByRole('button', { name: 'Try another card' }).click();
    await popup.waitFor({ state: 'detached' });

    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const step = page.getByRole('dialog', { name: 'Sandbox — confirm this payment' });
    await step.getByRole('button', { name: 'Confirm payment' }).click();
    const done = page.getByRole('heading', { name: 'Payment complete' });
    await done.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Payment complete');
    await assertOutcomeInView(page, done);

    await page.goto('/packages');
    await page.getByRole('button', { name: 'You have it' }).waitFor();
  });

  void it('starts a subscription trial, cancels its auto-renewal from the account and resumes it', async () => {
    // A trial needs a confirmed address.
    const page = await newBuyer('Tia', { verified: true });
    await page.goto('/packages');
    await page.getByRole('link', { name: 'Start free trial' }).first().click();
    await page.waitForURL('**/buy?subscription_id=*');
    await page.getByText(/free trial starts today/).waitFor();
    await page.getByText('No refunds. All sales final.').waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await page
      .getByRole('heading', { name: 'Your free trial has started' })
      .waitFor({ timeout: 15_000 });

    // The passes page says it is a trial, with its end, and what happens after it.
    await page.goto('/profile/passes');
    await page.getByText(/^Free trial until .+, then the first payment is charged$/).waitFor();
    await page.getByRole('button', { name: 'Cancel auto-renewal' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText(/Auto-renewal is cancelled/).waitFor();
    await page.getByText(/^Free trial until .+; auto-renewal is off$/).waitFor();

    // Changed their mind before the trial ends: auto-renewal comes back.
    await page.getByRole('button', { name: 'Resume auto-renewal' }).click();
    await page.getByText(/^Auto-renewal is back on/).waitFor();
    await page.getByText(/^Free trial until .+, then the first payment is charged$/).waitFor();
  });
});
