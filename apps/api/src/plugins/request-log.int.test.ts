import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const lines: string[] = [];
const logged = () => lines.join('');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l) => lines.push(l) } });
});
afterAll(async () => {
  await t.close();
});

interface LoggedReq {
  method: string;
  url: string;
  remoteAddress: string;
}

interface Line {
  msg: string;
  req: LoggedReq;
  res?: { statusCode: number };
  responseTime?: number;
}
const parsed = () => lines.map((l) => JSON.parse(l) as Line);
/** The `req` of every request's line (one per request, written when it is answered), in order. */
const incoming = () =>
  parsed()
    .filter((e) => e.msg === 'request completed')
    .map((e) => e.req);

describe('request log', () => {
  it('writes each request with its credentials masked, and no headers or bodies', async () => {
    const queryKey = await t.apiKey();
    const encodedKey = await t.apiKey();
    const headerKey = await t.apiKey();
    const bodyKey = await t.apiKey();
    const mediaToken = 'MEDIATOKENSECRET0123456789';
    const signature = 'SIGNATURESECRET0123456789';
    const linkSignature = 'LINKSIGNATURESECRET0123456789';
    const password = 'PASSWORDSECRET0123456789';
    const outboxToken = t.app.devOutboxToken ?? '';
    expect(outboxToken).not.toBe('');
    lines.length = 0;

    expect((await t.get('/api/menu', { api_key: queryKey, lang: 'fr' })).statusCode).toBe(200);
    const encoded = await t.inject({ method: 'GET', url: `/api/menu?api%5Fkey=${encodedKey}` });
    // The query parser decodes names: this is the key too.
    expect(encoded.statusCode).toBe(200);
    const viaHeader = await t.inject({
      method: 'GET',
      url: '/api/menu',
      headers: { 'x-api-key': headerKey, cookie: `rudy_outbox=${outboxToken}` },
    });
    expect(viaHeader.statusCode).toBe(200);
    const viaBody = await t.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { api_key: bodyKey, email: 'nobody@example.test', password },
    });
    expect(viaBody.statusCode).toBe(400);
    await t.get(`/media/e/1/${mediaToken}/index.m3u8`);
    await t.inject({ method: 'POST', url: `/api/auth/email-verify?signature=${signature}` });
    await t.inject({
      method: 'GET',
      url: `/verify-email?email=a%40b.test&expires=1&signature=${linkSignature}`,
      headers: { accept: 'text/html' },
    });
    // The outbox trades its key for a cookie and redirects to the bare URL.
    expect((await t.get('/dev/outbox', { token: outboxToken })).statusCode).toBe(303);

    const out = logged();
    for (const secret of [
      queryKey,
      encodedKey,
      headerKey,
      bodyKey,
      mediaToken,
      signature,
      linkSignature,
      password,
      outboxToken,
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out.toLowerCase()).not.toContain('x-api-key');
    expect(out).not.toContain('cookie');

    expect(incoming().map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/menu?api_key=***&lang=fr',
      'GET /api/menu?api%5Fkey=***',
      'GET /api/menu',
      'POST /api/v2/auth/login',
      'GET /media/e/1/***/index.m3u8',
      'POST /api/auth/email-verify?signature=***',
      'GET /verify-email?email=a%40b.test&expires=1&signature=***',
      'GET /dev/outbox?token=***',
    ]);
    expect(incoming()[0]?.remoteAddress).toBe('127.0.0.1');
    // Replies are logged by status only.
    expect(out).toContain('"res":{"statusCode":200}');
    // One line per request, with its status and time: no separate line when it is read (info).
    expect(parsed().filter((e) => e.msg === 'incoming request')).toEqual([]);
    const first = parsed().find((e) => e.msg === 'request completed');
    expect(first?.res).toEqual({ statusCode: 200 });
    expect(typeof first?.responseTime).toBe('number');
  });
});
