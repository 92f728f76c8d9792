import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

/*
 * An attacker's spellings of the console's calls: percent-encoded letters and slashes, doubled
 * slashes, dot segments, case, trailing slashes. Whatever the router makes of them, a visitor or
 * a viewer never gets a console answer: the admin check (401/403) or not found (404).
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const spellings = [
  '/api/admin/teams',
  '/%61pi/admin/teams',
  '/api/%61dmin/teams',
  '/api/admin/%74eams',
  '/api/admin%2Fteams',
  '/api%2Fadmin%2Fteams',
  '/api//admin/teams',
  '/api/admin//teams',
  '/API/ADMIN/TEAMS',
  '/api/admin/teams/',
  '/api/admin/teams%2F',
  '/api/admin/./teams',
  '/api/x/../admin/teams',
  '/api/admin/teams%00',
  '/api/admin/teams;x=1',
  '/api/admin/audit',
  '/%61pi/%61dmin/%61udit',
  '/api/admin/games/options',
  '/api/admin/games/%6fptions',
];

describe('console paths as an attacker spells them', () => {
  it('never answer a visitor or a viewer with console data', async () => {
    const anonymous = await t.apiKey();
    const viewer = await signedInUser(t);
    for (const key of [anonymous, viewer.apiKey]) {
      for (const url of spellings) {
        const res = await t.inject({ method: 'GET', url: `${url}?api_key=${key}` });
        expect([401, 403, 404], `${url} → ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body).not.toMatch(/short_name|"actor"|"before"/);
      }
    }
  });
});
