import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/* The site's pages admit the channel's Google tag, and a separate datalake, only when set. */

let t: TestContext;
let web: string;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-csp-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Live sports</title>');
  t = await createTestApp({ WEB_DIST_DIR: web, ANALYTICS_URL: 'https://stats.league.example' });
  await sql`
    update settings set data = jsonb_set(data, '{google_tag_id}', '"G-AB12CD34EF"')
    where channel_id = ${t.demoChannelId}
  `.execute(t.database.db);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const page = (host: string) =>
  t.inject({ method: 'GET', url: '/schedule', headers: { host, accept: 'text/html' } });

describe('the page policy', () => {
  it('lets a channel’s Google tag in on its own pages only', async () => {
    const demo = String((await page('localhost')).headers['content-security-policy']);
    expect(demo).toMatch(/script-src 'self' [^;]*https:\/\/www\.googletagmanager\.com/);
    const other = String((await page('other.example.test')).headers['content-security-policy']);
    expect(other).not.toContain('googletagmanager');
  });

  it('lets every page report to the datalake’s origin; JSON answers keep the site policy', async () => {
    const other = String((await page('other.example.test')).headers['content-security-policy']);
    expect(other).toMatch(/connect-src 'self' [^;]*https:\/\/stats\.league\.example/);
    const json = await t.get('/api/health');
    expect(String(json.headers['content-security-policy'])).not.toContain('stats.league');
  });
});
