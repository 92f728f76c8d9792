import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { demoViewers } from './support/viewers.js';

/*
 * axe-core on every route, English and French, phone and desktop: no serious or critical
 * violation; on a phone, no control under 44 px. One browser for the whole scan and one page load
 * per route and variant. Two variants scan at once: most of a scan is waiting for the network to
 * go idle, so two pages overlap their waits on the two cores (CI runs every spec; keep it short).
 */

let server: RunningServer;
let browser: Browser;
const { api, anonymousKey, newViewer } = demoViewers(() => server);

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The routes a visitor can reach, then the signed-in ones (spec section 2). */
let anonymousRoutes: string[];
const signedInRoutes = [
  '/profile',
  '/profile/transactions',
  '/profile/clips',
  '/profile/passes',
  '/profile/edit',
  '/favorites',
];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const key = await anonymousKey();
  const { data: games } = await api<{ data: { id: number; access_type: string }[] }>(
    `/events?api_key=${key}&type=finished&limit=50`,
  );
  const paid = games.find((g) => g.access_type === 'paid') ?? games[0];
  const packages = await api<{ id: number }[]>(`/packages?api_key=${key}`);
  const vod = await api<{ data: { id: number }[] }>(`/vod-media-items?api_key=${key}&limit=1`);
  const pages = await api<{ url: string }[]>(`/pages?api_key=${key}`);
  assert.ok(paid && packages[0], 'the demo has games and passes');
  const routes = [
    '/',
    '/login',
    '/registration',
    '/verify-notice',
    '/password-reset-request',
    '/contacts',
    '/about',
    '/faq',
    '/privacy_policy',
    '/terms_conditions',
    '/packages',
    `/select-package/${packages[0].id}`,
    `/buy?event_id=${paid.id}`,
    '/simulate',
    '/live',
    '/upcoming',
    '/vod',
    '/schedule',
    `/watch/${paid.id}`,
    `/watch_embed/${paid.id}`,
    '/vod_library',
    // The library fills as the worker makes demo media (none in this server).
    ...vod.data.map((item) => `/watch_library/${item.id}?type=vod`),
    '/confirm-account-deletion',
    '/404',
    ...pages.map((p) => p.url).filter((url) => url.startsWith('/')),
  ];
  anonymousRoutes = [...new Set(routes)];
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function scan(page: Page, path: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => undefined);
  // The splash goes once the app has mounted; lazy routes show their heading soon after.
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // A route that sends the visitor on (a redirect) is scanned where it lands, once it has its
  // language and title; a page that never gets them is scanned anyway and axe says so.
  await page
    .waitForFunction(
      () => document.documentElement.lang !== '' && document.title !== '',
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document) => Promise<unknown> } })
      .axe;
    return ((await axe.run(document)) as { violations: Violation[] }).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

/**
 * Controls under 44 × 44 px on the page (WCAG 2.5.5): every link and button a finger aims at. Left
 * out, as the criterion does: a link inside a sentence, a checkbox whose label is its target, and a
 * card's stretched title link (the whole card is its target).
 */
function smallTargets(page: Page, path: string): Promise<string[]> {
  return page.evaluate((where) => {
    const found: string[] = [];
    const selector =
      'a[href], button, select, summary, [role=tab], input:not([type=hidden]), textarea';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) {
        continue;
      }
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute') continue;
      const input = el as HTMLInputElement;
      if ((input.type === 'checkbox' || input.type === 'radio') && el.closest('label')) continue;
      const text = (el.textContent ?? '').trim();
      const around = (el.parentElement?.textContent ?? '').trim();
      const inSentence =
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        around.length > text.length + 3;
      if (inSentence) continue;
      if (box.width < 44 || box.height < 44) {
        const name = el.getAttribute('aria-label') ?? text;
        found.push(
          `${where}: ${el.tagName.toLowerCase()} "${name.slice(0, 40)}" is ${Math.round(box.width)}×${Math.round(box.height)} px`,
        );
      }
    }
    return found;
  }, path);
}

const variants = [
  { name: 'phone, English', device: PHONE, locale: 'en-US' },
  { name: 'desktop, English', device: DESKTOP, locale: 'en-US' },
  { name: 'phone, French', device: PHONE, locale: 'fr-FR' },
  { name: 'desktop, French', device: DESKTOP, locale: 'fr-FR' },
];

void describe('accessibility scan (axe-core)', { concurrency: 2 }, () => {
  for (const variant of variants) {
    void it(`finds no serious or critical violation on any route (${variant.name})`, async () => {
      const context = await browser.newContext({
        ...variant.device,
        baseURL: server.url,
        locale: variant.locale,
      });
      await context.addInitScript({ content: axeSource });
      const page = await context.newPage();
      const found: string[] = [];
      const small: string[] = [];
      // A visitor who is not signed in: the client knows it and asks nothing of the account, so
      // the console stays free of errors (a 401 on /api/profile was logged on every page).
      const accountCalls: string[] = [];
      const consoleErrors: string[] = [];
      const onResponse = (res: { url(): string; status(): number }) => {
        if (new URL(res.url()).pathname.startsWith('/api/profile')) {
          accountCalls.push(`${res.status()} ${res.url()}`);
        }
      };
      const onConsole = (msg: { type(): string; text(): string }) => {
        if (msg.type() === 'error') consoleErrors.push(`${page.url()}: ${msg.text()}`);
      };
      page.on('response', onResponse);
      page.on('console', onConsole);
      for (const path of anonymousRoutes) {
        found.push(...(await scan(page, path)));
        // A phone is held in the hand: every control is a 44 px tap target.
        if (variant.device === PHONE) small.push(...(await smallTargets(page, path)));
      }

      page.off('response', onResponse);
      page.off('console', onConsole);

      // The same browser signed in: the account's screens.
      const viewer = await newViewer({ name: 'a11y' });
      const entry = JSON.stringify({ v: viewer.key, e: Date.now() + 86_400_000 });
      await page.evaluate((value) => localStorage.setItem('rudy_api_key', value), entry);
      for (const path of signedInRoutes) found.push(...(await scan(page, path)));
      assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        variant.locale.slice(0, 2),
      );
      await context.close();
      assert.deepEqual(found, []);
      assert.deepEqual(small, []);
      assert.deepEqual(accountCalls, []);
      assert.deepEqual(consoleErrors, []);
    });
  }
});
