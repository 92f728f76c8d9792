import { randomBytes } from 'node:crypto';
import type { AccessType } from '@rudy/contracts';
import type { Page } from 'playwright-core';
import { confirmEmail } from './outbox.js';
import type { RunningServer } from './server.js';

/**
 * Generating demo media on 2 cores: live encoders start in ~20 s, a short VOD in ~15 s, one after
 * the other, on a quiet machine. In CI another lane's server renders its own games and the API suite
 * runs beside the specs: the second game of a spec's server has taken over 150 s there. A stream that
 * never comes still fails, with each candidate's state and the server's last lines.
 */
export const MEDIA_TIMEOUT_MS = 300_000;

export interface Viewer {
  email: string;
  password: string;
  /** The key the viewer was registered on (signed in). */
  key: string;
}

/**
 * Viewers and demo media as the playback and clip specs need them: API calls on the running
 * server, a registered viewer (optionally on the Monthly plan's trial: no_ads, clipping,
 * download_clip), login in the browser, a demo stream once the worker made it ready, and the check
 * that the main video really plays. `serverOf` is read at each call: specs start their server in
 * `before`.
 */
export function demoViewers(serverOf: () => RunningServer) {
  async function api<T>(path: string, init?: { body: Record<string, unknown> }): Promise<T> {
    const res = await fetch(`${serverOf().url}/api${path}`, {
      method: init ? 'POST' : 'GET',
      headers: init ? { 'content-type': 'application/json' } : {},
      body: init ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function anonymousKey(): Promise<string> {
    const { api_key } = await api<{ api_key: string }>('/get_api_key', {
      body: { channel_key: 'demo-hockey' },
    });
    return api_key;
  }

  async function newViewer(opts: { monthly?: boolean; name?: string } = {}): Promise<Viewer> {
    const name = opts.name ?? 'fan';
    const email = `${name}-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'Secret-pass-123';
    const key = await anonymousKey();
    await api('/v2/auth/register', {
      body: {
        api_key: key,
        first_name: 'Ada',
        last_name: 'Fan',
        email,
        password,
        password_confirmation: password,
        terms_accepted: true,
      },
    });
    if (opts.monthly) {
      // A trial needs a confirmed address.
      await confirmEmail(serverOf(), email, key);
      const [monthly] = await api<{ id: number }[]>(`/subscriptions?api_key=${key}`);
      await api('/stripe/subscription/start_trial', {
        body: {
          api_key: key,
          subscription_id: monthly?.id,
          card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
        },
      });
    }
    return { email, password, key };
  }

  async function logIn(page: Page, viewer: Viewer) {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(viewer.email);
    await page.getByLabel('Password', { exact: true }).fill(viewer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  /**
   * The first event of a kind and access type (free unless asked) whose stream the server says is
   * ready for `key`, waiting for the worker. A paid one needs a key that may play it (a monthly
   * subscriber's), a 'register' one a signed-in viewer's: for others its stream state is
   * 'unavailable'. Several access types take whichever the worker makes ready first (the demo
   * renders the most recent game first, whatever its access).
   */
  async function readyEvent(
    key: string,
    type: 'live' | 'finished',
    access: AccessType | AccessType[] = 'free',
  ): Promise<number> {
    const accepted = Array.isArray(access) ? access : [access];
    const { data } = await api<{ data: { id: number; access_type: AccessType }[] }>(
      `/events?api_key=${key}&type=${type}&limit=50`,
    );
    const candidates = data.filter((e) => accepted.includes(e.access_type)).map((e) => e.id);
    const states = new Map<number, string>();
    const deadline = Date.now() + MEDIA_TIMEOUT_MS;
    while (Date.now() < deadline) {
      for (const id of candidates) {
        const playback = await api<{ stream_state: string }>(
          `/events/${id}/playback?api_key=${key}`,
        );
        if (playback.stream_state === 'ready') return id;
        states.set(id, playback.stream_state);
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const seen = [...states].map(([id, state]) => `${id}: ${state}`).join(', ');
    throw new Error(
      `no ${accepted.join(' or ')} ${type} demo stream became ready in ${MEDIA_TIMEOUT_MS / 1000} s` +
        ` (${seen || 'no candidate'})\nthe server's last lines:\n${serverOf().recentOutput()}`,
    );
  }

  /**
   * Waits until `key` may play the event and its stream is ready: a game the demo has just started
   * (its live encoder among the last to start) or one the viewer has just bought.
   */
  async function streamReady(key: string, eventId: number): Promise<void> {
    const deadline = Date.now() + MEDIA_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const playback = await api<{ stream_state: string }>(
        `/events/${eventId}/playback?api_key=${key}`,
      );
      if (playback.stream_state === 'ready') return;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    throw new Error(
      `the stream of event ${eventId} did not become ready\nthe server's last lines:\n` +
        serverOf().recentOutput(),
    );
  }

  return { api, anonymousKey, newViewer, logIn, readyEvent, streamReady };
}

/** The main video rendered frames and its time moves on by `advance` seconds. */
export async function assertMainVideoPlays(page: Page, advance = 1) {
  const video = page.getByTestId('main-video');
  await video.waitFor({ state: 'visible' });
  await page
    .waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid=main-video]');
        return !!v && v.readyState >= 2 && v.currentTime > 0 && !v.paused;
      },
      undefined,
      // The demo's live encoders and media jobs share 2 cores with this browser: a first frame
      // can take well over 30 s there (seen once in CI), though it comes in ~1 s on a quiet one.
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      // Say what the element was doing: a CI failure must be diagnosable from its log alone.
      const state = await video.evaluate((v: HTMLVideoElement) =>
        JSON.stringify({
          readyState: v.readyState,
          currentTime: v.currentTime,
          paused: v.paused,
          muted: v.muted,
          error: v.error?.message ?? null,
        }),
      );
      const text = await page.locator('main').innerText();
      throw new Error(`${String(error)}\nvideo: ${state}\npage: ${text.slice(0, 400)}`);
    });
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForFunction(
    ({ start, by }) =>
      (document.querySelector<HTMLVideoElement>('[data-testid=main-video]')?.currentTime ?? 0) >
      start + by,
    { start: first, by: advance },
    { timeout: 15_000 },
  );
}
