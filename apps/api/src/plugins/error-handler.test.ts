import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
});
