import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { loggerOptions, safeErr } from './request-log.js';

/** Shaped like the errors the libraries really throw (see the comment on ERR_FIELDS). */
class StripeAPIError extends Error {
  type = 'StripeAPIError';
  requestId = 'req_123';
  rawType = 'api_error';
  headers = { 'request-id': 'req_123', 'idempotency-key': 'IDEMPOTENCYSECRET' };
  raw = { payment_intent: { id: 'pi_1', client_secret: 'pi_1_secret_CLIENTSECRET' } };
  payment_method = { billing_details: { email: 'payer@example.test' } };
}
function pgliteError() {
  return Object.assign(new Error('null value in column "key_hash" violates not-null constraint'), {
    code: '23502',
    table: 'api_keys',
    detail: 'Failing row contains (ROWSECRET).',
    query: 'insert into settings (secret) values ($1)',
    params: ['PARAMSECRET'],
  });
}

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  const logger = loggerOptions('info', { write: (l) => lines.push(l) });
  if (!logger) throw new Error('expected a logger');
  app = Fastify({ logger });
  registerErrorHandler(app);
  app.get('/stripe', () => {
    throw new StripeAPIError('Something went wrong on Stripe');
  });
  app.get('/database', () => {
    throw new Error('checkout failed', { cause: pgliteError() });
  });
  app.post('/careless', (request) => {
    request.log.info({ body: request.body, api_key: 'TOPSECRET' }, 'careless');
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('logger options', () => {
  it('are off when LOG_LEVEL is silent', () => {
    expect(loggerOptions('silent', { write: () => undefined })).toBe(false);
  });

  it("log a library error's codes and stack, never the request or response it carries", async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/stripe' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/database' })).statusCode).toBe(500);
    const out = lines.join('');
    for (const secret of [
      'CLIENTSECRET',
      'IDEMPOTENCYSECRET',
      'payer@example.test',
      'ROWSECRET',
      'PARAMSECRET',
      'insert into settings',
    ]) {
      expect(out).not.toContain(secret);
    }
    const errors = lines
      .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> })
      .filter((e) => e.msg === 'request failed')
      .map((e) => e.err);
    expect(errors[0]).toMatchObject({
      type: 'StripeAPIError',
      message: 'Something went wrong on Stripe',
      requestId: 'req_123',
      rawType: 'api_error',
    });
    expect(errors[0]?.stack).toContain('request-log.test.ts');
    expect(errors[1]).toMatchObject({
      type: 'Error',
      message: 'checkout failed',
      cause: { code: '23502', table: 'api_keys', message: expect.stringContaining('not-null') },
    });
  });

  it('mask credentials a handler logs by mistake', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/careless',
      payload: { api_key: 'BODYSECRET', password: 'PASSWORDSECRET', card: { number: '4242' } },
    });
    const out = lines.join('');
    for (const secret of ['BODYSECRET', 'PASSWORDSECRET', 'TOPSECRET', '4242']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('"api_key":"***"');
  });

  it('serialise what is thrown whatever it is', () => {
    expect(safeErr('plain text')).toEqual({ type: 'string', message: 'plain text', stack: '' });
    expect(safeErr({ password: 'x' })).toEqual({
      type: 'object',
      message: 'a thrown non-Error value',
      stack: '',
    });
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(JSON.stringify(safeErr(loop))).toContain('loop');
    const many = safeErr(new AggregateError([pgliteError()], 'many'));
    expect(many.aggregateErrors).toEqual([expect.objectContaining({ code: '23502' })]);
    expect(JSON.stringify(many)).not.toContain('PARAMSECRET');
  });
});
