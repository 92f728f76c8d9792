import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_COLOR_NAMES, type AdminBranding, type AuditEntry } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';

/* /api/admin/branding: name, logo and colours; admins only, validated, audited, seen at once. */

let t: TestContext;
let admin: { apiKey: string; userId: number; email: string };
let start: AdminBranding;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
  start = (await t.get('/api/admin/branding', { api_key: admin.apiKey })).json();
});
afterAll(() => t?.close());

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const body = (over: Partial<AdminBranding> = {}) => ({
  channel_name: start.channel_name,
  logo_url: start.logo_url,
  colors: Object.fromEntries(THEME_COLOR_NAMES.map((n) => [n, start.colors[n] ?? '#000000'])),
  ...over,
});
const put = (payload: Record<string, unknown>, key = admin.apiKey) =>
  t.inject({ method: 'PATCH', url: '/api/admin/branding', payload: { api_key: key, ...payload } });

describe('branding', () => {
  it('401 anonymous, 403 for a viewer', async () => {
    const anonymous = await t.apiKey();
    const viewer = await signedInUser(t);
    expect((await t.get('/api/admin/branding', { api_key: anonymous })).statusCode).toBe(401);
    expect((await t.get('/api/admin/branding', { api_key: viewer.apiKey })).statusCode).toBe(403);
    expect((await put(body(), anonymous)).statusCode).toBe(401);
    expect((await put(body(), viewer.apiKey)).statusCode).toBe(403);
  });

  it('refuses a bad colour, a missing one, an empty name and a script logo; nothing changes', async () => {
    const res = await put({
      ...body({ channel_name: ' ', logo_url: 'javascript:alert(1)' }),
      colors: { ...body().colors, primary: 'blue', live: undefined },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string> }>().errors;
    expect(errors).toMatchObject({
      channel_name: 'Field is required',
      logo_url: 'The logo must be an https address or a PNG, JPEG, WebP or SVG image under 256 KB',
      'colors.primary': 'Use a colour like #1A2B3C',
    });
    expect(errors['colors.live']).toBeDefined();
    expect((await t.get('/api/admin/branding', { api_key: admin.apiKey })).json()).toEqual(start);
  });

  it('a fresh viewer sees the new name, logo and colour at once; the audit says what changed', async () => {
    const viewerKey = await t.apiKey();
    const bootstrap = async () =>
      (await t.get('/api/channel-bootstrap-data', { api_key: viewerKey })).json<{
        settings: { channel_name: string; logo_url: string | null };
        'color-settings': Record<string, string>;
      }>();
    await bootstrap(); // cached now
    const res = await put(
      body({
        channel_name: 'Lakeside Hockey',
        logo_url: PNG,
        colors: { ...body().colors, primary: '#c0ffee' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminBranding>().colors.primary).toBe('#C0FFEE');
    const seen = await bootstrap();
    expect(seen.settings.channel_name).toBe('Lakeside Hockey');
    expect(seen.settings.logo_url).toBe(PNG);
    expect(seen['color-settings'].primary).toBe('#C0FFEE');

    const [row] = (await t.get('/api/admin/audit', { api_key: admin.apiKey })).json<{
      data: AuditEntry[];
    }>().data;
    expect(row).toMatchObject({ action: 'update', entity: 'branding', actor: admin.email });
    expect(row?.summary).toContain(`channel_name: ${start.channel_name} → Lakeside Hockey`);
    expect(row?.summary).toContain(`color.primary: ${start.colors.primary} → #C0FFEE`);
    expect(row?.summary).toMatch(/logo: .* → image\/png 1 KB #[0-9a-f]+/);
  });
});
