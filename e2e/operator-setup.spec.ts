import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { renderSyntheticGame } from '@rudy/media';
import { DESKTOP, launchBrowser, newContext, PHONE } from './support/browser.js';
import { adminSignIn as signIn } from './support/admin.js';
import { startServer, type RunningServer } from './support/server.js';
import { MEDIA_TIMEOUT_MS } from './support/viewers.js';

/*
 * A channel set up from the console alone (issue 17): an admin signs in, creates a game with a
 * price, uploads a short video to it and changes the brand colour, all through the console's own
 * screens; a viewer who arrives afterwards (a fresh browser context) sees the three.
 */

let server: RunningServer;
let browser: Browser;
let work: string;
let video: string;

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-operator-setup-'));
  video = path.join(work, 'opening-night.mp4');
  await renderSyntheticGame({
    output: video,
    durationSeconds: 4,
    videoKbps: 300,
    picture: {
      width: 480,
      height: 270,
      fps: 25,
      home: { code: 'OPS', color: '#0b6e4f' },
      away: { code: 'NEW', color: '#f2a541' },
      goals: [],
      clockOffsetSeconds: 0,
    },
  });
  server = await startServer({});
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const adminSignIn = (page: Page, to: string) => signIn(page, server, to);

/**
 * The datetime-local value of 19:00 on the machine's date `daysAgo` days back. The form reads it in
 * the channel's zone (hours behind UTC), so one day back is still on air just after midnight UTC:
 * two days back, the game is over at any hour.
 */
function pastLocalInput(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T19:00`;
}

const GAME = 'Opening Night Replay';
const BRAND = '#FF7A1A';

describe('operator setup', () => {
  it('an admin creates a priced game, uploads its video and recolours the brand; a fresh viewer sees all three', async () => {
    const adminContext = await newContext(browser, server.url, DESKTOP);
    let gameId = 0;
    try {
      const admin = await adminContext.newPage();
      await adminSignIn(admin, '/admin/games');

      // 1. A game with a price, through the Games form.
      await admin.getByRole('heading', { name: 'Games', level: 1 }).waitFor();
      await admin.getByRole('button', { name: 'New game' }).click();
      const away = admin.getByLabel('Away team');
      const teams = await away
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
      await away.selectOption(teams[2] ?? '');
      await admin.getByLabel('Home team').selectOption(teams[3] ?? '');
      await admin.getByLabel('Name (English)').fill(GAME);
      await admin.getByLabel('Starts at (local time)').fill(pastLocalInput(2));
      await admin.getByLabel('Access').selectOption('paid');
      await admin.getByLabel(/^Price/).fill('9.75');
      const saved = admin.waitForResponse(
        (r) => r.url().includes('/api/admin/games') && r.request().method() === 'POST',
      );
      await admin.getByRole('button', { name: 'Save' }).click();
      const response = await saved;
      assert.equal(response.status(), 200);
      gameId = ((await response.json()) as { id: number }).id;
      await admin.getByText(`“${GAME}” is saved; viewers see it now.`).waitFor();

      // The game's own RTMP ingest: this server's port (servers side by side each have one), listening.
      // Yesterday's: among the finished games, by its name.
      await admin.getByRole('button', { name: 'Finished', exact: true }).click();
      await admin
        .getByRole('listitem')
        .filter({ hasText: GAME })
        .getByRole('button', { name: 'Edit' })
        .click();
      const ingest = admin.getByText(/^rtmp:\/\//).first();
      await ingest.waitFor();
      const ingestUrl = new URL((await ingest.textContent()) ?? '');
      assert.equal(Number(ingestUrl.port), server.ingestPort);
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(ingestUrl.port), '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.on('error', reject);
      });
      await admin.getByRole('button', { name: 'Cancel' }).click();

      // 2. Its video, uploaded from the Media screen, then transcoded.
      await admin.getByRole('link', { name: 'Media' }).click();
      await admin.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
      const row = admin.getByTestId(`media-subject-${gameId}`);
      await row.getByText('no video').waitFor();
      await row.getByRole('button', { name: `Manage the media of ${GAME}` }).click();
      await admin.getByLabel('Video file (MP4, MOV, WebM or MKV)').setInputFiles(video);
      await admin.getByRole('button', { name: 'Upload', exact: true }).click();
      await admin.getByText('Uploaded. The video is being prepared for viewers.').waitFor();
      const job = admin.getByRole('listitem').filter({ hasText: 'opening-night.mp4' });
      await job.getByText('Ready', { exact: true }).waitFor({ timeout: MEDIA_TIMEOUT_MS });

      // 3. The brand colour, from the Branding screen.
      await admin.getByRole('link', { name: 'Branding' }).click();
      await admin.getByRole('heading', { name: 'Branding', level: 1 }).waitFor();
      await admin.getByLabel('Primary (hex)', { exact: true }).fill(BRAND);
      await admin.getByLabel('Text on primary (hex)', { exact: true }).fill('#08182B');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText('Saved: viewers see the new look now.').waitFor();
    } finally {
      await adminContext.close();
    }

    const viewerContext = await newContext(browser, server.url, DESKTOP);
    try {
      const viewer = await viewerContext.newPage();
      // The game is among the replays (newest first), in the channel's new colour.
      await viewer.goto('/vod');
      // Its card is titled by its teams (away @ home), as every game's is.
      const card = viewer.locator(`article[data-event-id="${gameId}"]`).getByRole('link').first();
      await card.waitFor();
      const colours = await viewer.evaluate(() => ({
        variable: getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
      }));
      assert.equal(colours.variable.trim().toUpperCase(), BRAND);

      // A finished game's card links to it only when its replay is ready (else 'No replay for
      // this game' or 'Replay coming soon'): the uploaded video is what the viewer is offered.
      const article = viewer.locator(`article[data-event-id="${gameId}"]`);
      assert.doesNotMatch(await article.innerText(), /No replay|Replay coming soon/);

      // Its page: for sale at the admin's price.
      await card.click();
      await viewer.waitForURL((url) => url.pathname === `/watch/${gameId}`);
      const buy = viewer.getByRole('link', { name: 'Buy this game' });
      await buy.waitFor();
      const buyColour = await buy.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.equal(buyColour, 'rgb(255, 122, 26)');
      await buy.click();
      await viewer.waitForURL((url) => url.pathname === '/buy');
      await viewer.getByText('$9.75').first().waitFor();
    } finally {
      await viewerContext.close();
    }
  });

  it('on a phone, the welcome toast after sign-in leaves a form’s Save button uncovered', async () => {
    const context = await newContext(browser, server.url, PHONE);
    try {
      const page = await context.newPage();
      await adminSignIn(page, '/admin/branding');
      const toast = page.getByRole('status').filter({ hasText: 'Welcome back' });
      await toast.waitFor();
      // The admin scrolls to Save (at the bottom of the screen) while the toast is still up.
      const save = page.getByRole('button', { name: 'Save' });
      await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(300);
      const [t, s] = await Promise.all([toast.boundingBox(), save.boundingBox()]);
      assert.ok(t && s, 'toast and Save on screen');
      const overlaps =
        t.x < s.x + s.width && s.x < t.x + t.width && t.y < s.y + s.height && s.y < t.y + t.height;
      assert.equal(overlaps, false, `toast ${JSON.stringify(t)} covers Save ${JSON.stringify(s)}`);
      // Save is really reachable: the click lands on it, not on the toast.
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
        { x: s.x + s.width / 2, y: s.y + s.height / 2 },
      );
      assert.equal(hit, 'Save');
    } finally {
      await context.close();
    }
  });
});
