import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, customFormFields } from './custom-form-fields.js';
import { checkCustomFormEntries, customFormValuesSchema } from './custom-forms.js';
import { fieldMessageText } from './messages.js';

const contact = {
  title: { en: 'Contact the league', fr: 'Écrire à la ligue' },
  fields: [
    { name: 'name', label: { en: 'Your name', fr: 'Votre nom' }, required: true, max_length: 40 },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'phone', type: 'phone', label: 'Phone' },
    {
      name: 'topic',
      type: 'select',
      required: true,
      options: [{ value: 'billing', label: { en: 'Billing', fr: 'Facturation' } }, 'other'],
    },
    { name: 'consent', type: 'checkbox', required: true },
  ],
};

describe('the custom-form field reader', () => {
  it('reads types, labels in the visitor language, options and limits', () => {
    const fields = customFormFields(contact, 'fr') ?? [];
    expect(fields.map((f) => [f.name, f.type, f.label, f.required])).toEqual([
      ['name', 'text', 'Votre nom', true],
      ['email', 'email', 'Email', true],
      ['phone', 'phone', 'Phone', false],
      ['topic', 'select', null, true],
      ['consent', 'checkbox', null, true],
    ]);
    expect(fields[0]?.maxLength).toBe(40);
    expect(fields[3]?.options).toEqual([
      { value: 'billing', label: 'Facturation' },
      { value: 'other', label: 'other' },
    ]);
  });

  it('reads multiline for a text field only', () => {
    const fields = customFormFields({
      fields: [
        { name: 'message', multiline: true },
        { name: 'email', type: 'email', multiline: true },
        { name: 'note', multiline: 'yes' },
        { name: 'name' },
      ],
    });
    expect(fields?.map((f) => [f.name, f.multiline])).toEqual([
      ['message', true],
      ['email', false],
      ['note', false],
      ['name', false],
    ]);
  });

  it('drops malformed and repeated fields; an unknown type or an empty select reads as text', () => {
    const fields = customFormFields({
      fields: [
        { name: 'a', type: 'weird' },
        { name: 'a' },
        { type: 'text' },
        7,
        { name: 'b', type: 'select' },
      ],
    });
    expect(fields?.map((f) => [f.name, f.type])).toEqual([
      ['a', 'text'],
      ['b', 'text'],
    ]);
    expect(customFormFields({})).toBeNull();
  });
});

describe('the spec 5 phone pattern', () => {
  it('takes an optional plus and 10 to 14 digits with separators', () => {
    for (const ok of ['6135550123', '+1 613-555-0123', '(613) 555.0123', '+44 20 7946 0958 12']) {
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['555-0123', '+1 613 555 0123 4567 8', '613x5550123', '++16135550123']) {
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('checking entries (server) with the form schema (client)', () => {
  const valid = [
    { name: 'name', value: ' Sam ' },
    { name: 'email', value: 'sam@njhl.example' },
    { name: 'topic', value: 'billing' },
    { name: 'consent', value: 'true' },
  ];

  it('accepts valid entries, trimmed, with every declared field (empty as blank)', () => {
    expect(checkCustomFormEntries(contact, [...valid, { name: 'phone', value: '' }])).toEqual({
      ok: true,
      entries: [
        { name: 'name', value: 'Sam' },
        { name: 'email', value: 'sam@njhl.example' },
        { name: 'phone', value: '' },
        { name: 'topic', value: 'billing' },
        { name: 'consent', value: 'true' },
      ],
    });
  });

  it('refuses field by field with message codes, which read as the spec texts', () => {
    const result = checkCustomFormEntries(contact, [
      { name: 'name', value: 'x'.repeat(41) },
      { name: 'email', value: 'sam@' },
      { name: 'phone', value: '12345' },
      { name: 'topic', value: 'tickets' },
      { name: 'extra', value: '1' },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: {
        extra: 'Unknown field',
        name: 'maxLength:40',
        email: 'email',
        phone: 'phone',
        topic: 'required',
        consent: 'required',
      },
    });
    const texts = result.ok
      ? {}
      : Object.fromEntries(Object.entries(result.errors).map(([f, m]) => [f, fieldMessageText(m)]));
    expect(texts).toEqual({
      extra: 'Unknown field',
      name: 'Field length must be less than 40',
      email: 'A valid email address is required',
      phone: 'A valid phone number is required',
      topic: 'Field is required',
      consent: 'Field is required',
    });
  });

  it('gives the form the same rules, with a ticked box as a boolean', () => {
    const schema = customFormValuesSchema(customFormFields(contact) ?? []);
    const parsed = schema.safeParse({
      phone: '',
      name: 'Sam',
      email: 'sam@njhl.example',
      topic: 'other',
      consent: true,
    });
    expect(parsed.success).toBe(true);
    const missing = schema.safeParse({ name: '', email: '', phone: '', topic: '', consent: false });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'required'],
      ['email', 'required'],
      ['topic', 'required'],
      ['consent', 'required'],
    ]);
  });

  it('stores anything when the form declares no fields', () => {
    expect(checkCustomFormEntries({}, [{ name: 'x', value: 'y' }])).toEqual({
      ok: true,
      entries: [{ name: 'x', value: 'y' }],
    });
  });
});
