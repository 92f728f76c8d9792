import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_S } from '../lib/database-unavailable.js';
import { freePort } from '../test/throwaway-postgres.js';
import { registerErrorHandler } from './error-handler.js';

/** A payment provider's invalid-request error: a 4xx whose text describes the provider's side. */
class ProviderInvalidRequest extends Error {
  statusCode = 400;
  code = 'resource_missing';
}

describe('error handler', () => {
  it("keeps a dependency's 4xx text out of the answer, and Fastify's own", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/provider', () => {
      throw new ProviderInvalidRequest("No such customer: 'cus_SECRET'; a similar object exists");
    });
    app.post('/json', () => ({}));
    const provider = await app.inject({ method: 'GET', url: '/provider' });
    expect(provider.statusCode).toBe(400);
    expect(provider.json()).toEqual({ message: 'Invalid request', code: 'validation_failed' });
    const badJson = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ message: string }>().message).not.toBe('Invalid request');
    await app.close();
  });

  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
  ])(
    'answers PostgreSQL %s (text it cannot store) with a 400, logged without a stack',
    async (sqlState, text) => {
      const lines: string[] = [];
      const app = Fastify({ logger: { level: 'info', stream: { write: (l) => lines.push(l) } } });
      registerErrorHandler(app);
      app.post('/save', () => {
        // What pg's DatabaseError carries: the SQLSTATE as `code`, no HTTP status.
        throw Object.assign(new Error(text), { code: sqlState, severity: 'ERROR' });
      });
      const res = await app.inject({ method: 'POST', url: '/save', payload: { a: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid request', code: 'validation_failed' });
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const refusal = logged.find((l) => l.msg === 'text the database cannot store');
      expect(refusal).toMatchObject({ level: 40, sqlState });
      expect(lines.join('')).not.toContain('"stack"');
      await app.close();
    },
  );
});

describe('error handler, the database out of reach', () => {
  it('answers 503 with Retry-After for a refused connection, 500 for a fault', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    // A real refusal: nothing listens on the port freePort() just released.
    const port = await freePort();
    app.get('/down', async () => {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
      await client.connect();
    });
    app.get('/bug', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(down.json()).toMatchObject({ code: 'service_unavailable' });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
