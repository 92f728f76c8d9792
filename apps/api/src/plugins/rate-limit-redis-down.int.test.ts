import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

/*
 * Redis gone: the rate limiter (and the login attempt limiter) fall back to this process's own
 * counters with one log line, and no request gets a 5xx.
 */

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const outageLines = () => lines.filter((l) => l.includes('Redis unavailable')).length;

async function burst(ctx: TestContext, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'demo-hockey' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

/** A TCP relay to the real Redis that the test can cut and restore. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      resolve((s.address() as net.AddressInfo).port);
      s.close();
    });
  });
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    url: `redis://127.0.0.1:${port}`,
    open,
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
  };
}

describe('Redis gone', () => {
  it('counts locally from the start when nothing listens at REDIS_URL', async () => {
    lines.length = 0;
    // Port 1: nothing listens there.
    t = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MAX: '5', LOG_LEVEL: 'warn' },
      { logStream },
    );
    const codes = await burst(t, 7);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(outageLines()).toBe(1);
  }, 60_000);

  it.skipIf(!process.env.REDIS_URL)(
    'shares counters in Redis, counts locally while it is cut, and shares again when it returns',
    async () => {
      lines.length = 0;
      const relay = await relayTo(new URL(process.env.REDIS_URL ?? ''));
      t = await createTestApp(
        { REDIS_URL: relay.url, RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'info' },
        { logStream },
      );
      expect(await burst(t, 3)).toEqual([200, 200, 200]);
      await relay.cut();
      // The requests in flight when it went and those after: none fails.
      const during = await burst(t, 20);
      expect(during.every((c) => c === 200)).toBe(true);
      expect(outageLines()).toBe(1);
      await relay.open();
      const deadline = Date.now() + 10_000;
      while (!lines.some((l) => l.includes('Redis is back')) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(lines.some((l) => l.includes('Redis is back'))).toBe(true);
      expect(await burst(t, 3)).toEqual([200, 200, 200]);
      await relay.cut();
    },
    60_000,
  );
});
