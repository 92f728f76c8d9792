import { describe, expect, it } from 'vitest';
import { fieldName, findUnstorableText, isStorableText } from './storable-text.js';

describe('storable text', () => {
  it('accepts what PostgreSQL stores: ASCII, accents, whole surrogate pairs, empty text', () => {
    for (const s of ['North Bay', 'École Saint-Jérôme', 'Go team 🏒🥅', '']) {
      expect(isStorableText(s)).toBe(true);
    }
  });

  it('refuses NUL and half a UTF-16 pair, wherever they sit', () => {
    for (const s of ['a\u0000b', '\u0000', '\uD83C', 'low \uDFD2 here', '🏒 then \uD83C']) {
      expect(isStorableText(s)).toBe(false);
    }
  });

  it('names the first field holding such text, however deep, in objects and arrays', () => {
    expect(findUnstorableText({ email: 'a\u0000@example.com', name: 'ok' })).toEqual(['email']);
    expect(findUnstorableText({ fields: [{ label: 'ok' }, { label: '\ud800' }] })).toEqual([
      'fields',
      1,
      'label',
    ]);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText(['ok', ['x\udc00']])).toEqual([1, 0]);
  });

  it('refuses a key holding such text, naming the object that holds it', () => {
    expect(findUnstorableText({ extras: { 'k\u0000': 1 } })).toEqual(['extras']);
    expect(findUnstorableText({ '\ud800': 1 })).toEqual([]);
  });

  it('passes storable values, numbers, nulls, raw bodies and a query of no class', () => {
    // fast-querystring's objects: of a class whose prototype has none.
    function Empty() {}
    Empty.prototype = Object.create(null) as object;
    const queryOf = (q: string) =>
      Object.assign(Object.create(Empty.prototype) as Record<string, string>, { q });
    const query = queryOf('ok');
    for (const v of [
      { a: 'ok', b: [1, true, null], c: { d: '🏒' } },
      query,
      Buffer.from('a\u0000b'),
      new Date(),
      new Map([['a\u0000', 'b\u0000']]),
      undefined,
      null,
      42,
    ]) {
      expect(findUnstorableText(v)).toBeUndefined();
    }
    expect(findUnstorableText(queryOf('a\u0000'))).toEqual(['q']);
    const bare = Object.assign(Object.create(null) as Record<string, string>, { id: '\ud800' });
    expect(findUnstorableText(bare)).toEqual(['id']);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(findUnstorableText(deep)).toHaveLength(200_000);
  });

  it('names fields as the API does: dotted, _ for the whole part', () => {
    expect(fieldName(['fields', 1, 'label'])).toBe('fields.1.label');
    expect(fieldName([])).toBe('_');
  });
});
