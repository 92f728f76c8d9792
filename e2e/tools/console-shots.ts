/*
 * Screenshots of the screens behind a sign-in, which /work/shared/tools/screenshots.mjs cannot
 * reach: the console's revenue screen, a live game's stream health, the series form, and a
 * viewer's /profile/alerts and home page with its Following shelf. Each at a phone and a desktop
 * width, in English and French (the browser's locale), through Debian's Chromium.
 *
 * It first makes what the screens show, as an operator and a viewer would: a series of games, one
 * of them started now and live from ffmpeg (the health panel has figures), bought by a viewer
 * (revenue has an order) who follows its home team (the Following shelf has a game).
 *
 *   node --import tsx e2e/tools/console-shots.ts                 # its own product copy, fresh database
 *   PORT=4300 node --import tsx e2e/tools/console-shots.ts       # ... on that port
 *   ADMIN_EMAIL=… ADMIN_PASSWORD=… node --import tsx e2e/tools/console-shots.ts http://127.0.0.1:4300
 *                                                                # a running copy: its printed demo admin
 *
 * Its own copy takes the database of DATABASE_URL's server (a fresh database of its own) or PGlite,
 * as the browser specs do; run it through the heavy-command lock. PNGs go to $SCREENS_DIR (default
 * screens/ in the system temp folder); their paths are printed: look at each one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminGamesPage } from '@rudy/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminSignIn } from '../support/admin.js';
import { DESKTOP, PHONE, launchBrowser } from '../support/browser.js';
import {
  adminApiKey,
  buyGame,
  makeSeries,
  nextFourFridays,
  publishRtmp,
  startGameNow,
  streamSettings,
} from '../support/evening.js';
import { startServer, type RunningServer } from '../support/server.js';
import { demoViewers } from '../support/viewers.js';

const out = process.env.SCREENS_DIR ?? path.join(os.tmpdir(), 'screens');
fs.mkdirSync(out, { recursive: true });

async function server(): Promise<RunningServer> {
  const url = process.argv[2];
  if (!url) {
    return startServer({}, process.env.PORT ? { port: Number(process.env.PORT) } : {});
  }
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) {
    throw new Error('a running copy needs ADMIN_EMAIL and ADMIN_PASSWORD (printed at its start)');
  }
  return {
    url: url.replace(/\/$/, ''),
    outboxUrl: '',
    ingestPort: null,
    // A copy started elsewhere: its output is in its own terminal.
    recentOutput: () => '',
    admin: () => Promise.resolve({ email, password }),
    stop: () => Promise.resolve(),
  };
}

const running = await server();
const browser: Browser = await launchBrowser();
const viewers = demoViewers(() => running);
let publisher: ReturnType<typeof publishRtmp> | undefined;

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A browser profile at a size and locale, signed in as `session` was (its API key in local
 * storage): the sign-in screens are filled in English once, and each language is the browser's.
 */
async function context(locale: string, device: typeof PHONE | typeof DESKTOP, session?: Session) {
  const made = await browser.newContext({
    ...device,
    baseURL: running.url,
    locale,
    deviceScaleFactor: 1,
    ...(session ? { storageState: session } : {}),
  });
  // The cookie notice answered, as by anyone who has used the site: it does not cover the screen.
  await made.addInitScript(() => {
    localStorage.setItem('rudy_cookie_consent', JSON.stringify({ v: true, e: Date.now() + 864e5 }));
  });
  return made;
}

/** A full-page PNG once the page's requests have settled, all of it seen once. */
async function shoot(page: Page, name: string, errors: string[]) {
  await page.waitForLoadState('networkidle');
  // Down the page and back, as a person scrolls: lazy images load and shelves shown on sight show.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = step; y < height; y += step) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Shelves painted only on screen (content-visibility: auto) are painted in the full-page shot too.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.waitForLoadState('networkidle');
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file + (errors.length ? `  page errors: ${errors.splice(0).join(' | ')}` : ''));
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

try {
  // What the screens show, made once in English on a desktop.
  const setup = await context('en-US', DESKTOP);
  const ops = await setup.newPage();
  await adminSignIn(ops, running, '/admin/games/series/new');
  const name = `Friday Nights ${new Date().toISOString().slice(11, 19)}`;
  await makeSeries(ops, name, '7.50');
  const key = await adminApiKey(running);
  const games = (await (
    await fetch(`${running.url}/api/admin/games?api_key=${key}&when=upcoming&limit=100`)
  ).json()) as AdminGamesPage;
  const game = games.data
    .filter((g) => g.name_en === name)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0];
  if (!game) throw new Error('the series made no game');
  await startGameNow(ops, game.id);
  const obs = await streamSettings(ops, game.id);
  publisher = publishRtmp(obs.server, obs.key);
  await ops
    .locator('section[aria-labelledby=live-health-title]')
    .getByText(/ fps /)
    .first()
    .waitFor({ timeout: 60_000 });

  const viewer = await viewers.newViewer({ name: 'shots' });
  if (game.home_team_id !== null) {
    await viewers.api('/favorite', {
      body: {
        api_key: viewer.key,
        favoritable_id: game.home_team_id,
        favoritable_type: 'participant',
      },
    });
  }
  const adminSession = await setup.storageState();
  const fan = await context('en-US', DESKTOP);
  const buyer = await fan.newPage();
  await viewers.logIn(buyer, viewer);
  await buyGame(buyer, game.id);
  const fanSession = await fan.storageState();
  await fan.close();
  await setup.close();

  for (const locale of ['en-US', 'fr-FR']) {
    const lang = locale.slice(0, 2);
    for (const [device, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const tag = `${device}-${lang}`;
      const admin = await context(locale, size, adminSession);
      const page = await admin.newPage();
      const errors = collectErrors(page);
      await page.goto('/admin/revenue');
      await page.locator('table').first().waitFor();
      await shoot(page, `admin-revenue-${tag}`, errors);

      await page.goto(`/admin/games/${game.id}`);
      const health = page.locator('section[aria-labelledby=live-health-title]');
      await health.locator('dl').waitFor({ timeout: 30_000 });
      await shoot(page, `admin-game-live-${tag}`, errors);
      const panel = path.join(out, `admin-stream-health-${tag}.png`);
      await page.locator('section[aria-labelledby=live-title]').screenshot({ path: panel });
      console.log(panel);

      // The series form filled in as far as its game count: every field it shows is on screen.
      await page.goto('/admin/games/series/new');
      const away = page.locator('select').first();
      await away.locator('option').nth(2).waitFor({ state: 'attached' });
      const selects = page.locator('select');
      await selects.nth(0).selectOption({ index: 1 });
      await selects.nth(1).selectOption({ index: 2 });
      const { first, last } = nextFourFridays();
      await page.locator('input[type=date]').nth(0).fill(first);
      await page.locator('input[type=date]').nth(1).fill(last);
      await shoot(page, `admin-series-form-${tag}`, errors);
      await admin.close();

      const home = await context(locale, size, fanSession);
      const fanPage = await home.newPage();
      const fanErrors = collectErrors(fanPage);
      await fanPage.goto('/');
      await fanPage.locator('main').waitFor();
      await shoot(fanPage, `home-following-${tag}`, fanErrors);
      await fanPage.goto('/profile/alerts');
      await shoot(fanPage, `profile-alerts-${tag}`, fanErrors);
      await home.close();
    }
  }
} finally {
  await publisher?.stop();
  await browser.close();
  await running.stop();
}
