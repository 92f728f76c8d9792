import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BootstrapDataSchema,
  ColorSettingsSchema,
  EventCategorySchema,
  EventLocationSchema,
  FaqItemSchema,
  MenuItemSchema,
  PageSchema,
  PageSummarySchema,
  SettingsSchema,
  SlideSchema,
  THEME_COLOR_NAMES,
} from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await t.apiKey();
});
afterAll(() => t.close());

const get = async <T>(url: string, schema: z.ZodType<T>, query: Record<string, string> = {}) => {
  const res = await t.get(url, { api_key: key, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
};

describe('channel data calls', () => {
  it('GET /settings', async () => {
    const settings = await get('/api/settings', SettingsSchema);
    expect(settings.channel_name).toBeTruthy();
    expect(['USD', 'CAD']).toContain(settings.currency);
  });

  it('GET /menu has header and footer items in order', async () => {
    const menu = await get('/api/menu', z.array(MenuItemSchema));
    for (const location of ['header', 'footer'] as const) {
      const items = menu.filter((m) => m.location === location);
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((m) => m.position)).toEqual(
        [...items.map((m) => m.position)].sort((a, b) => a - b),
      );
    }
  });

  it('GET /pages and /pages/{id} in both languages', async () => {
    const pages = await get('/api/pages', z.array(PageSummarySchema));
    const kinds = pages.map((p) => p.kind);
    for (const kind of [
      'about',
      'privacy_policy',
      'terms_conditions',
      'contacts',
      'faq',
    ] as const) {
      expect(kinds).toContain(kind);
    }
    const about = pages.find((p) => p.kind === 'about');
    const en = await get(`/api/pages/${about?.id}`, PageSchema);
    const fr = await get(`/api/pages/${about?.id}`, PageSchema, { lang: 'fr' });
    expect(en.content.length).toBeGreaterThan(100);
    expect(fr.content).not.toBe(en.content);
  });

  it('GET /pages/{id} answers 404 for a missing page and 400 for a bad id', async () => {
    expect((await t.get('/api/pages/999999', { api_key: key })).statusCode).toBe(404);
    const bad = await t.get('/api/pages/abc', { api_key: key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      errors: { id: expect.any(String) },
    });
    expect((await t.get('/api/pages/-1', { api_key: key })).statusCode).toBe(400);
    expect((await t.get('/api/pages/99999999999999', { api_key: key })).statusCode).toBe(400);
  });

  it('GET /color-settings/web holds every theme colour', async () => {
    const colors = await get('/api/color-settings/web', ColorSettingsSchema);
    for (const name of THEME_COLOR_NAMES) expect(colors[name]).toMatch(/^#|^rgb|^hsl/);
    expect((await t.get('/api/color-settings/tv', { api_key: key })).statusCode).toBe(400);
  });

  it('GET /slides/web with and without a type', async () => {
    const slides = await get('/api/slides/web', z.array(SlideSchema));
    expect(new Set(slides.map((s) => s.slidable_type)).size).toBeGreaterThan(1);
    const main = await get('/api/slides/web', z.array(SlideSchema), { type: 'main' });
    expect(main.length).toBeGreaterThan(0);
    expect(main.every((s) => s.slidable_type === 'main')).toBe(true);
    const bad = await t.get('/api/slides/web', { api_key: key, type: 'banner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { type: expect.any(String) } });
  });

  it('GET /faq, /events-categories, /events-locations', async () => {
    expect((await get('/api/faq', z.array(FaqItemSchema))).length).toBeGreaterThan(3);
    const fr = await get('/api/faq', z.array(FaqItemSchema), { lang: 'fr' });
    const en = await get('/api/faq', z.array(FaqItemSchema), { lang: 'en' });
    expect(fr[0]?.question).not.toBe(en[0]?.question);
    expect(
      (await get('/api/events-categories', z.array(EventCategorySchema))).length,
    ).toBeGreaterThan(1);
    expect(
      (await get('/api/events-locations', z.array(EventLocationSchema))).length,
    ).toBeGreaterThan(1);
  });

  it('GET /channel-bootstrap-data holds every key of the spec', async () => {
    const data = await get('/api/channel-bootstrap-data', BootstrapDataSchema, {
      client_interface: 'web',
    });
    expect(Object.keys(data).sort()).toEqual(
      [
        'color-settings',
        'events-categories',
        'events-locations',
        'faq',
        'menu',
        'packages',
        'pages',
        'participant-groups',
        'settings',
        'slides',
        'subscriptions',
        'participant-group-properties',
        'static_blocks',
      ].sort(),
    );
    expect(data.packages.every((p) => p.scope !== 'single')).toBe(true);
    expect(data['participant-groups'].length).toBeGreaterThan(1);
    const fr = await get('/api/channel-bootstrap-data', BootstrapDataSchema, { lang: 'fr' });
    expect(fr.menu[0]?.title).not.toBe(data.menu[0]?.title);
  });

  it('an unknown language is a 400, not a silent fallback', async () => {
    const res = await t.get('/api/menu', { api_key: key, lang: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { lang: expect.any(String) } });
  });
});
