import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { locateFfmpeg } from '../../packages/media/src/locate.js';
import type { RunningServer } from './server.js';

/*
 * A new operator's evening (issue 34) as the browser spec and the console screenshots both need
 * it: the console's series form filled in, a game moved to start now, its live panel's server and
 * stream key, ffmpeg publishing to them as OBS would, and the sandbox checkout.
 */

/** The next four Fridays after today, as date inputs' values: the series makes 4 games. */
export function nextFourFridays(now = new Date()): { first: string; last: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  const first = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 21);
  return { first, last: d.toISOString().slice(0, 10) };
}

/**
 * On the console's new-series screen: two teams, the name, four Fridays and a price, saved.
 * Waits for the console's own confirmation that it made the four games.
 */
export async function makeSeries(page: Page, name: string, priceUnits: string) {
  const away = page.getByLabel('Away team');
  // The form shows once the teams are loaded: wait for them before reading the list.
  await away.locator('option').nth(2).waitFor({ state: 'attached' });
  const teams = await away.locator('option').allTextContents();
  await away.selectOption({ label: teams[1]! });
  await page.getByLabel('Home team').selectOption({ label: teams[2]! });
  const nameField = page.getByLabel('Name (English)');
  // Filled in from the two teams once both are chosen; the operator's own name wins.
  await page.waitForFunction(
    (el) => (el as HTMLInputElement | null)?.value.includes(' @ ') ?? false,
    await nameField.elementHandle(),
  );
  await nameField.fill(name);
  const { first, last } = nextFourFridays();
  await page.getByLabel('First day').fill(first);
  await page.getByLabel('Last day').fill(last);
  await page.getByLabel('Access').selectOption({ label: 'Paid' });
  await page.getByLabel(/^Price/).fill(priceUnits);
  await page.getByText('This makes 4 games.').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`“${name}” is saved. 4 games made.`).waitFor();
}

/** The wall-clock minute now in `zone`, as a datetime-local input's value (YYYY-MM-DDTHH:mm). */
export function localMinute(zone: string, at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * On a game's edit screen: the puck drop moved up to this minute (the game is live on the site
 * from its start), saved.
 */
export async function startGameNow(page: Page, gameId: number) {
  await page.goto(`/admin/games/${gameId}`);
  const startsAt = page.getByLabel('Starts at (local time)');
  await startsAt.waitFor();
  const zone = await page.getByLabel('Time zone', { exact: true }).inputValue();
  await startsAt.fill(localMinute(zone));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/is saved; viewers see it now\./).waitFor();
}

/**
 * The live panel of the game's edit screen: a stream key made and revealed, and the server
 * address, as the operator copies them into OBS.
 */
export async function streamSettings(
  page: Page,
  gameId: number,
): Promise<{ server: string; key: string }> {
  if (new URL(page.url()).pathname !== `/admin/games/${gameId}`) {
    await page.goto(`/admin/games/${gameId}`);
  }
  const panel = page.locator('section[aria-labelledby=live-title]');
  await panel.getByRole('button', { name: 'Make a stream key' }).click();
  await panel.getByText('New stream key made.', { exact: false }).waitFor();
  await panel.getByRole('button', { name: 'Reveal' }).click();
  const server = (await panel.locator('code', { hasText: /^rtmp:\/\// }).innerText()).trim();
  const key = (
    await panel
      .locator('code')
      .filter({ hasNotText: /^rtmp:\/\// })
      .innerText()
  ).trim();
  return { server, key };
}

/**
 * ffmpeg as an operator's OBS: a 640×360 test picture at 25 fps with a keyframe every 2 s and a
 * stereo tone, in real time, to the game's RTMP address, until stopped.
 */
export function publishRtmp(server: string, key: string) {
  const child = spawn(
    locateFfmpeg().path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', '600', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-b:v', '1000k', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0'],
      ...['-c:a', 'aac', '-ac', '2', '-b:a', '128k', '-f', 'flv', `${server}/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    /** What ffmpeg said so far (a failed publish says why). */
    errors: () => errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The sandbox checkout of the game's watch page, as a viewer pays with the test card. */
export async function buyGame(page: Page, gameId: number) {
  await page.goto(`/watch/${gameId}`);
  await page.getByRole('link', { name: 'Buy this game' }).click();
  await page.getByText('Sandbox — test card').waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Buyer');
  await page.getByRole('button', { name: /^Pay / }).click();
  // The worker settles the sandbox payment: as long as the journeys' own wait.
  await page.getByRole('heading', { name: 'Payment complete' }).waitFor({ timeout: 30_000 });
}

/** The demo admin's API key, signed in through the API (for reads the test checks against). */
export async function adminApiKey(server: Pick<RunningServer, 'url' | 'admin'>): Promise<string> {
  const admin = await server.admin();
  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { api_key } = await post<{ api_key: string }>('/get_api_key', {
    channel_key: 'demo-hockey',
  });
  await post('/v2/auth/login', { api_key, email: admin.email, password: admin.password });
  return api_key;
}
