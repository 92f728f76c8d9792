import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

/*
 * REDIS_KEY_PREFIX: processes of one deployment share their counters through Redis; another
 * deployment on the same Redis (another prefix) counts on its own.
 */

const redisUrl = process.env.REDIS_URL;
const apps: TestContext[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

async function statuses(t: TestContext, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'demo-hockey' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe.skipIf(!redisUrl)('REDIS_KEY_PREFIX', () => {
  it('shares counters within a prefix and keeps them apart across prefixes', async () => {
    const run = randomBytes(6).toString('hex');
    const open = async (prefix: string) => {
      const t = await createTestApp({
        REDIS_URL: redisUrl ?? '',
        REDIS_KEY_PREFIX: `test-${run}-${prefix}:`,
        RATE_LIMIT_MAX: '3',
      });
      apps.push(t);
      return t;
    };
    const first = await open('a');
    const sameDeployment = await open('a');
    const otherDeployment = await open('b');

    expect(await statuses(first, 3)).toEqual([200, 200, 200]);
    // The same deployment's other process sees the spent budget.
    expect(await statuses(sameDeployment, 1)).toEqual([429]);
    // Another deployment on the same Redis has its own.
    expect(await statuses(otherDeployment, 3)).toEqual([200, 200, 200]);
  });
});
