import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootstrapDataSchema } from '@rudy/contracts';
import { queryCounter } from '../../test/query-counter.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * A crowd arriving at a cold cache: the bootstrap document is built once per channel and language
 * (a console change reaching the document is tested in branding-admin.int.test.ts).
 */

const CROWD = 50;
const counter = queryCounter();
let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestApp({}, { withDb: counter.attach });
  key = await t.apiKey();
  // The key itself is resolved (and cached) before the crowd: only the document is cold.
  expect((await t.get('/api/settings', { api_key: key })).statusCode).toBe(200);
});
afterAll(() => t.close());

const bootstrap = (lang: string) =>
  t.get('/api/channel-bootstrap-data', { api_key: key, client_interface: 'web', lang });

describe('GET /channel-bootstrap-data on a cold cache', () => {
  it(`builds the document once per language for ${CROWD} concurrent requests each`, async () => {
    counter.reset();
    const answers = await Promise.all(
      Array.from({ length: CROWD * 2 }, (_, i) => bootstrap(i % 2 ? 'fr' : 'en')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    // One read of the channel's settings (and of each other part) per document built.
    expect(counter.of('settings')).toBe(2);
    expect(counter.of('menus')).toBe(2);
    const [en, fr] = answers.map((res) => BootstrapDataSchema.parse(res.json()));
    expect(fr?.menu[0]?.title).not.toBe(en?.menu[0]?.title);
  });
});
