import type { CustomForm } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { basePassFields, hasChosenBasePass, isBasePassAllowed, passField } from './base-pass-form';

const form = (definition: CustomForm['definition'], entries: CustomForm['entries'] = []) => ({
  id: 3,
  alias: 'passes',
  definition,
  entries,
});

describe('base-pass form', () => {
  it('reads a definition without fields as one required pass choice', () => {
    expect(basePassFields(form({}))).toEqual([
      { name: 'base_pass', label: null, type: 'package', required: true },
    ]);
  });

  it('keeps the declared fields and drops malformed ones', () => {
    const fields = basePassFields(
      form({
        fields: [
          { name: 'club', label: 'Your club', required: true },
          { name: 'pass', type: 'package' },
          { label: 'no name' },
          'junk',
        ],
      }),
    );
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['club', 'text', true],
      ['pass', 'package', false],
    ]);
    expect(
      passField(form({ fields: [{ name: 'club' }, { name: 'pass', type: 'package' }] })).name,
    ).toBe('pass');
  });

  it('counts a choice only when the pass field holds a value', () => {
    const def = { fields: [{ name: 'club' }, { name: 'pass', type: 'package' }] };
    expect(hasChosenBasePass(form(def))).toBe(false);
    expect(hasChosenBasePass(form(def, [{ name: 'club', value: 'Hawks' }]))).toBe(false);
    expect(hasChosenBasePass(form(def, [{ name: 'pass', value: '  ' }]))).toBe(false);
    expect(hasChosenBasePass(form(def, [{ name: 'pass', value: '2' }]))).toBe(true);
  });

  it.each(['/select-package/3', '/login', '/profile/edit', '/faq', '/404', '/verify-email'])(
    'lets a user who has not chosen open %s',
    (path) => expect(isBasePassAllowed(path)).toBe(true),
  );

  it.each(['/', '/live', '/watch/12', '/profile', '/buy', '/faqs', '/select-packages'])(
    'sends a user who has not chosen away from %s',
    (path) => expect(isBasePassAllowed(path)).toBe(false),
  );
});
