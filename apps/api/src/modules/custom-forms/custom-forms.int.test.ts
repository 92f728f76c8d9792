import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomFormSchema } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const post = (apiKey: string, alias: string, entries: { name: string; value: string }[]) =>
  t.inject({
    method: 'POST',
    url: `/api/custom-forms/${alias}`,
    payload: { api_key: apiKey, entries },
  });

const valid = [
  { name: 'name', value: '  Sam Fan ' },
  { name: 'email', value: 'sam@njhl.example' },
  { name: 'phone', value: '+1 613-555-0123' },
  { name: 'topic', value: 'billing' },
  { name: 'message', value: 'When does the Hawks pass renew?' },
  { name: 'reply_by_phone', value: 'true' },
];

describe('custom forms: any form the channel defines (the demo contact form)', () => {
  it('is readable anonymously with its definition; sending needs a signed-in viewer', async () => {
    const anonymous = await t.apiKey();
    const form = CustomFormSchema.parse(
      (await t.get('/api/custom-forms/contact', { api_key: anonymous })).json(),
    );
    expect(form.entries).toEqual([]);
    expect((form.definition.fields as unknown[]).length).toBe(6);
    const refused = await post(anonymous, 'contact', valid);
    expect(refused.statusCode).toBe(401);
  });

  it("checks entries with the form's own rules and the spec's texts, storing nothing refused", async () => {
    const { apiKey } = await signedInUser(t);
    const bad = await post(apiKey, 'contact', [
      { name: 'name', value: '' },
      { name: 'email', value: 'sam@njhl' },
      { name: 'phone', value: '555-0123' },
      { name: 'topic', value: 'tickets' },
      { name: 'message', value: 'short' },
      { name: 'admin', value: 'true' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        admin: 'Unknown field',
        name: 'Field is required',
        email: 'A valid email address is required',
        phone: 'A valid phone number is required',
        topic: 'Field is required',
        message: 'Field length must be greater than 10',
      },
      // Each refused field's code ('Unknown field' is the server's own text: none).
      field_codes: {
        name: 'required',
        email: 'email',
        phone: 'phone',
        topic: 'required',
        message: 'minLength:10',
      },
    });
    expect(bad.json<{ field_codes: object }>().field_codes).not.toHaveProperty('admin');
    // The message names the first refused field with its text, not its code.
    const badEmail = await post(apiKey, 'contact', [
      { name: 'name', value: 'Sam' },
      { name: 'email', value: 'sam@njhl' },
    ]);
    expect(badEmail.json<{ message: string }>().message).toBe(
      'email: A valid email address is required',
    );
    const stored = await t.get('/api/custom-forms/contact', { api_key: apiKey });
    expect(stored.json<{ entries: unknown[] }>().entries).toEqual([]);
  });

  it('saves valid entries trimmed, and a second send replaces them (a field can be cleared)', async () => {
    const { apiKey } = await signedInUser(t);
    const saved = await post(apiKey, 'contact', valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ entries: unknown[] }>().entries).toContainEqual({
      name: 'name',
      value: 'Sam Fan',
    });
    const again = await post(
      apiKey,
      'contact',
      valid.map((e) => (e.name === 'phone' ? { ...e, value: '' } : e)),
    );
    expect(again.json<{ entries: unknown[] }>().entries).toContainEqual({
      name: 'phone',
      value: '',
    });
    // Entries are the viewer's own: another viewer reads none.
    const other = await signedInUser(t);
    expect(
      (await t.get('/api/custom-forms/contact', { api_key: other.apiKey })).json<{
        entries: unknown[];
      }>().entries,
    ).toEqual([]);
  });

  it('answers 404 for a form the channel does not have, 400 for a malformed alias', async () => {
    const apiKey = await t.apiKey();
    expect((await t.get('/api/custom-forms/nope', { api_key: apiKey })).statusCode).toBe(404);
    expect((await t.get('/api/custom-forms/..%2Fetc', { api_key: apiKey })).statusCode).toBe(400);
  });
});
