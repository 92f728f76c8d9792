import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { renderSyntheticGame } from '@rudy/media';
import { DESKTOP, launchBrowser, newContext } from './support/browser.js';
import { adminSignIn as signIn } from './support/admin.js';
import { startServer, type RunningServer } from './support/server.js';
import { assertMainVideoPlays, demoViewers, MEDIA_TIMEOUT_MS } from './support/viewers.js';

/*
 * The console's media: an admin uploads a short video to a finished game that has none (chunked,
 * with its progress, then the transcode's), and a viewer who arrives afterwards plays it.
 */

let server: RunningServer;
let browser: Browser;
let work: string;
let video: string;

const { api, anonymousKey } = demoViewers(() => server);

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-admin-media-'));
  video = path.join(work, 'final-period.mp4');
  await renderSyntheticGame({
    output: video,
    durationSeconds: 6,
    videoKbps: 400,
    picture: {
      width: 640,
      height: 360,
      fps: 25,
      home: { code: 'HOM', color: '#1d4f91' },
      away: { code: 'AWY', color: '#c8102e' },
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

describe('console media', () => {
  it('an admin uploads a video to a game; a fresh viewer plays it', async () => {
    // A finished free game: no demo media on this server, so it has no video yet.
    const key = await anonymousKey();
    const { data } = await api<{ data: { id: number; access_type: string }[] }>(
      `/events?api_key=${key}&type=finished&limit=50`,
    );
    const game = data.find((e) => e.access_type === 'free');
    assert.ok(game, 'a finished free game');
    const before = await api<{ stream_state: string }>(
      `/events/${game.id}/playback?api_key=${key}`,
    );
    assert.notEqual(before.stream_state, 'ready');

    const adminContext = await newContext(browser, server.url, DESKTOP);
    try {
      const admin = await adminContext.newPage();
      await adminSignIn(admin, '/admin/media');
      await admin.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
      const row = admin.getByTestId(`media-subject-${game.id}`);
      await row.getByText('no video').waitFor();
      await row.getByRole('button', { name: /^Manage the media of / }).click();

      await admin.getByRole('button', { name: 'Upload', exact: true }).click();
      await admin.getByText('Choose a video file first').waitFor();
      await admin.getByLabel('Video file (MP4, MOV, WebM or MKV)').setInputFiles(video);
      const created = admin.waitForResponse(
        (r) => r.url().endsWith('/api/admin/media/uploads') && r.request().method() === 'POST',
      );
      const chunk = admin.waitForResponse((r) => r.request().method() === 'PATCH');
      await admin.getByRole('button', { name: 'Upload', exact: true }).click();
      assert.equal((await created).status(), 200);
      assert.equal((await chunk).status(), 200);
      await admin.getByText('Uploaded. The video is being prepared for viewers.').waitFor();
      // The job: waiting or processing with its progress, then ready.
      const job = admin.getByRole('listitem').filter({ hasText: 'final-period.mp4' });
      await job.getByText('Ready', { exact: true }).waitFor({ timeout: MEDIA_TIMEOUT_MS });
    } finally {
      await adminContext.close();
    }

    const viewerContext = await newContext(browser, server.url, DESKTOP);
    try {
      const viewer = await viewerContext.newPage();
      await viewer.goto(`/watch/${game.id}`);
      await assertMainVideoPlays(viewer);
    } finally {
      await viewerContext.close();
    }
  });
});
