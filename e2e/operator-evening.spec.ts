import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { AdminGamesPage, AdminOrdersPage } from '@rudy/contracts';
import type { Browser } from 'playwright-core';
import { adminSignIn } from './support/admin.js';
import { DESKTOP, launchBrowser, newContext } from './support/browser.js';
import {
  adminApiKey,
  buyGame,
  makeSeries,
  publishRtmp,
  startGameNow,
  streamSettings,
} from './support/evening.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers } from './support/viewers.js';

/*
 * A new operator's evening (issue 34's "done when"), in Chromium against the real server: a
 * series of four games made in the console; one of them moved up to start now and taken live by
 * ffmpeg publishing RTMP with the stream key the console shows, as OBS would; the stream's health
 * read in the console while live; a viewer in a browser profile of their own buys the game with
 * the sandbox card and watches it live; the console's revenue CSV then adds up to the orders.
 * No demo media (the server's only encoder is this game's): a couple of minutes on 2 cores.
 */

let server: RunningServer;
let browser: Browser;
const viewers = demoViewers(() => server);

before(async () => {
  server = await startServer({});
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe("a new operator's evening", () => {
  it('a series, a game live from ffmpeg with its health, a viewer who buys and watches, revenue that adds up', async () => {
    const admin = await newContext(browser, server.url, DESKTOP);
    const fan = await newContext(browser, server.url, DESKTOP);
    let publisher: ReturnType<typeof publishRtmp> | undefined;
    try {
      // 1. A series of four games, in the console's own form.
      const ops = await admin.newPage();
      await adminSignIn(ops, server, '/admin/games/series/new');
      const name = `Evening Series ${randomBytes(3).toString('hex')}`;
      await makeSeries(ops, name, '7.50');
      await ops.locator('li', { hasText: name }).getByText('4 games', { exact: true }).waitFor();

      // Its first game, as the schedule lists it.
      const key = await adminApiKey(server);
      const games = (await (
        await fetch(`${server.url}/api/admin/games?api_key=${key}&when=upcoming&limit=100`)
      ).json()) as AdminGamesPage;
      const series = games.data
        .filter((g) => g.name_en === name)
        .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
      assert.equal(series.length, 4, 'the schedule lists the series’ four games');
      const gameId = series[0]!.id;

      // 2. Tonight's game moved up to start now, and live from ffmpeg with the console's settings.
      await startGameNow(ops, gameId);
      const obs = await streamSettings(ops, gameId);
      assert.match(obs.server, /^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
      publisher = publishRtmp(obs.server, obs.key);
      const panel = ops.locator('section[aria-labelledby=live-title]');
      await panel
        .getByText('On air', { exact: true })
        .waitFor({ timeout: 30_000 })
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\nffmpeg: ${publisher?.errors()}`);
        });

      // 3. The stream's health while live: what the encoder sends, measured by the server.
      const health = panel.locator('section[aria-labelledby=live-health-title]');
      const row = (label: string) => health.locator('div', { has: ops.getByText(label) });
      await row('Video')
        .getByText(/640×360 · 25 fps · H\.264 · [\d,]+ kb\/s/)
        .waitFor({
          timeout: 30_000,
        });
      await row('Keyframes').getByText('every 2 s').waitFor({ timeout: 30_000 });
      await row('Audio')
        .getByText(/AAC · 48 kHz · stereo/)
        .waitFor();
      await row('Frames')
        .getByText(/\d+ dropped, \d+ late/)
        .waitFor();
      await panel.getByText(/^[\d,]+ kb\/s$/).waitFor();

      // 4. A viewer buys the game with the sandbox card and watches it live: the video moves on.
      const viewer = await viewers.newViewer({ name: 'evening' });
      const watch = await fan.newPage();
      await viewers.logIn(watch, viewer);
      await buyGame(watch, gameId);
      await watch.getByRole('link', { name: 'Watch the game' }).click();
      await watch.waitForURL((url) => url.pathname === `/watch/${gameId}`);
      await assertMainVideoPlays(watch, 2);
      await watch.getByRole('button', { name: 'LIVE' }).waitFor();

      // 5. The revenue CSV of the console's revenue screen adds up to the orders.
      const mine = await viewers.api<{
        data: { id: number; status: string; amount_cents: number }[];
      }>(`/orders?api_key=${viewer.key}&no_limit=1`);
      assert.deepEqual(
        mine.data.map((o) => [o.status, o.amount_cents]),
        [['paid', 750]],
      );
      const paid = (await (
        await fetch(`${server.url}/api/admin/orders?api_key=${key}&status=paid&limit=100`)
      ).json()) as AdminOrdersPage;
      await ops.goto('/admin/revenue');
      await ops.getByText('Net').first().waitFor();
      const [download] = await Promise.all([
        ops.waitForEvent('download'),
        ops.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const csvPath = await download.path();
      const [header, ...lines] = parseCsv(fs.readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, ''));
      const col = (n: string) => header!.indexOf(n);
      const byOrder = new Map<number, number>();
      for (const line of lines) {
        const id = Number(line[col('order_id')]);
        byOrder.set(id, (byOrder.get(id) ?? 0) + Number(line[col('net_cents')]));
      }
      assert.deepEqual(
        [...byOrder].sort(([a], [b]) => a - b),
        paid.data.map((o) => [o.id, o.amount_cents]).sort(([a], [b]) => a! - b!),
        'each order’s lines add up to its total, and every paid order is in the export',
      );
      assert.ok(byOrder.has(mine.data[0]!.id), 'the viewer’s order is in the export');
    } finally {
      await publisher?.stop();
      await admin.close();
      await fan.close();
    }
  });
});
