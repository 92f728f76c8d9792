import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

async function api<T>(path: string, init?: { body: Record<string, unknown> }): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  assert.equal(res.status, 200, `${path} answered ${res.status}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

async function anonymousKey(): Promise<string> {
  const { api_key } = await api<{ api_key: string }>('/get_api_key', {
    body: { channel_key: 'demo-hockey' },
  });
  return api_key;
}

async function teamId(name: string): Promise<number> {
  const key = await anonymousKey();
  const page = await api<{ data: { id: number; name: string }[] }>(
    `/participants?no_limit=1&api_key=${key}`,
  );
  const team = page.data.find((p) => p.name === name);
  assert.ok(team, `the demo channel has ${name}`);
  return team.id;
}

/** A new signed-in account: registering binds the user to the key the browser will use. */
async function signedInContext(device = DESKTOP): Promise<BrowserContext> {
  const key = await anonymousKey();
  await api('/v2/auth/register', {
    body: {
      api_key: key,
      email: `fan-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Correct-horse-battery-42',
      password_confirmation: 'Correct-horse-battery-42',
      first_name: 'Sam',
      last_name: 'Fan',
      terms_accepted: true,
    },
  });
  const context = await newContext(browser, server.url, device);
  // Stored as lib/storage.ts writes it: `rudy_<key>` holding {v: value, e: expiry}. A script text,
  // not a function: tsx would wrap a function's inner helpers in names the page does not have.
  const expires = Date.now() + 86_400_000;
  const entry = (v: unknown) => JSON.stringify(JSON.stringify({ v, e: expires }));
  await context.addInitScript({
    content:
      `localStorage.setItem('rudy_api_key', ${entry(key)});` +
      `localStorage.setItem('rudy_cookie_consent', ${entry(true)});`,
  });
  return context;
}

/** A card's title is a heading one level below the section it is listed in (h2 to h4). */
async function cardTitles(page: Page): Promise<string[]> {
  const titles = page.locator('article :is(h2, h3, h4)');
  await titles.first().waitFor();
  return titles.allTextContents();
}

void describe('catalogue in the browser', () => {
  void it('filters the schedule by team through the filters, and a reload shows the same games', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/schedule');
    const everyGame = await cardTitles(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Lakeshore Wolves' });
    await page.waitForURL(/[?&]team=\d+/);
    await page.getByRole('heading', { level: 2, name: 'Lakeshore Wolves' }).waitFor();
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('article')).every((card) =>
          card.textContent?.includes('Lakeshore Wolves'),
        ),
      undefined,
      { timeout: 10_000 },
    );
    const filtered = await cardTitles(page);
    assert.ok(filtered.length > 0 && filtered.length < everyGame.length, 'fewer games, some left');
    assert.ok(
      filtered.every((title) => title.includes('Wolves')),
      filtered.join(', '),
    );

    const url = page.url();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Lakeshore Wolves' }).waitFor();
    assert.equal(page.url(), url);
    assert.deepEqual(await cardTitles(page), filtered);
    assert.deepEqual(errors, []);
    await context.close();
  });

  void it('finds games by the city of their rink as well as by team ("Kingston")', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/upcoming');
    await cardTitles(page);
    await page.getByLabel('Search games').fill('Kingston');
    await page.waitForURL(/search=Kingston/);
    await page.waitForFunction(() => {
      const cards = Array.from(document.querySelectorAll('article'));
      return cards.length > 0 && cards.every((c) => c.textContent?.includes('Kingston'));
    });
    await context.close();
  });

  void it('opens the schedule on today, pages back to earlier games, and jumps back to today', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/schedule');
    await cardTitles(page);
    const days = () =>
      page
        .locator('section[data-day]')
        .evaluateAll((s) => s.map((e) => e.getAttribute('data-day')));
    const opening = await days();
    // Today in the venues' zones (North America) is never before yesterday in UTC.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    assert.ok(opening[0]! >= yesterday, `the schedule opens on today, not on ${opening[0]}`);

    await page.getByRole('button', { name: 'Earlier games' }).click();
    await page.waitForFunction(
      (first) =>
        (document.querySelector('section[data-day]')?.getAttribute('data-day') ?? '') < first,
      opening[0]!,
    );
    const withEarlier = await days();
    assert.deepEqual(withEarlier.slice(-opening.length), opening, 'earlier days come above');

    await page.getByRole('button', { name: 'Today' }).click();
    await page.waitForFunction(
      (first) => document.activeElement?.closest('section')?.getAttribute('data-day') === first,
      opening[0]!,
    );
    const top = await page.evaluate(
      () => document.activeElement?.getBoundingClientRect().top ?? -1,
    );
    assert.ok(top >= 0 && top < 844, `today's heading is in view (${top})`);
    await context.close();
  });

  void it('switches between grid, list and calendar, and lists the games of a marked day', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/upcoming');
    await cardTitles(page);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.waitForURL(/view=list/);
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await page.waitForURL(/view=grid/);
    assert.ok((await page.locator('article').count()) > 0, 'the grid has cards');

    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await page.waitForURL(/view=calendar/);
    const marked = page.locator('button[data-has-games="true"]');
    await marked.first().waitFor();
    const label = (await marked.last().getAttribute('aria-label')) ?? '';
    const count = Number(/: (\d+) games?$/.exec(label)?.[1]);
    assert.ok(count > 0, `a marked day says how many games: ${label}`);
    await marked.last().click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await page.locator('section[aria-labelledby="calendar-day"] article').first().waitFor();
    assert.equal(
      await page.locator('section[aria-labelledby="calendar-day"] article').count(),
      count,
    );

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.waitForURL(/period=week/);
    // The month stays on screen until the week's games have come (the URL changes first).
    await page.waitForFunction(
      () => document.querySelectorAll('button[aria-label*=", 20"]').length === 7,
      undefined,
      { timeout: 10_000 },
    );
    await page.reload();
    assert.equal(
      await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed'),
      'true',
    );
    await context.close();
  });

  void it("favourites a team and finds its games under the user's favourites", async () => {
    const knights = await teamId("St. Brendan's Knights");
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`/schedule?team=${knights}`);
    const star = page.getByRole('button', { name: 'Add to favourites' });
    await star.waitFor();
    assert.equal(await star.getAttribute('aria-pressed'), 'false');
    await star.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('section[aria-labelledby="banner-title"] button[aria-pressed]')
          ?.getAttribute('aria-pressed') === 'true',
    );

    await page.goto('/favorites');
    const summary = page.getByRole('list', { name: 'Your favourites' });
    await summary.getByText("St. Brendan's Knights").waitFor();
    const titles = await cardTitles(page);
    assert.ok(titles.length > 0, 'upcoming games of the favourite');
    assert.ok(
      titles.every((title) => title.includes('Knights')),
      titles.join(', '),
    );

    await page.goto('/');
    // The home page's Following shelf: the favourite's games first (issue 33).
    const rail = page.getByRole('region', { name: 'Following' });
    await rail.locator('article').first().waitFor();
    await context.close();
  });

  void it('?team= on the home page opens the schedule on that team and offers to follow it', async () => {
    const wolves = await teamId('Lakeshore Wolves');
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto(`/?team=${wolves}`);
    await page.waitForURL(`${server.url}/schedule?team=${wolves}`);
    await page.getByRole('heading', { level: 2, name: 'Lakeshore Wolves' }).waitFor();
    const titles = await cardTitles(page);
    assert.ok(
      titles.length > 0 && titles.every((title) => title.includes('Wolves')),
      titles.join(', '),
    );
    // The offer to follow: an anonymous visitor is asked to log in first.
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to keep favourites' });
    await dialog.waitFor();
    assert.match(
      (await dialog.getByRole('link', { name: 'Log in' }).getAttribute('href')) ?? '',
      /^\/login\?return_to=%2Fschedule%3Fteam%3D\d+/,
    );
    await context.close();
  });

  void it('sends the contact form: the spec messages for a bad email and phone, then saved', async () => {
    const context = await signedInContext(PHONE);
    const page = await context.newPage();
    await page.goto('/contacts');
    const form = page.locator('form').filter({ has: page.getByLabel('Your name') });
    await form.getByLabel('Your name').fill('Sam Fan');
    await form.getByLabel('Email', { exact: true }).fill('not-an-email');
    await form.getByLabel('Phone (optional)').fill('12-34');
    await form.getByLabel('Topic').selectOption('billing');
    await form.getByLabel('Message', { exact: true }).fill('Is the weekend pass renewable?');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('A valid email address is required').waitFor();
    await form.getByText('A valid phone number is required').waitFor();

    await form.getByLabel('Email', { exact: true }).fill('sam@example.com');
    await form.getByLabel('Phone (optional)').fill('+1 (613) 555-0142');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you, your answers are saved.').waitFor();
    assert.equal(await form.getByText('A valid email address is required').count(), 0);

    // Posted and stored: a fresh visit shows the answers the server kept.
    await page.reload();
    await page.getByLabel('Your name').waitFor();
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), 'sam@example.com');
    assert.equal(await page.getByLabel('Phone (optional)').inputValue(), '+1 (613) 555-0142');
    assert.equal(await page.getByLabel('Topic').inputValue(), 'billing');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 1, `no sideways scroll (${overflow}px)`);
    await context.close();
  });

  void it('asks an anonymous visitor to log in before keeping a favourite (phone)', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/live');
    await page
      .getByRole('button', { name: /^Favourite: / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Log in to keep favourites' });
    await dialog.waitFor();
    assert.match(
      (await dialog.getByRole('link', { name: 'Log in' }).getAttribute('href')) ?? '',
      /^\/login\?return_to=%2Flive/,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 1, `no sideways scroll (${overflow}px)`);
    await context.close();
  });
});
