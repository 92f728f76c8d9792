import { describe, expect, it } from 'vitest';
import { basePassFields, hasChosenBasePass, passField } from './base-pass.js';

describe('the base-pass form', () => {
  it('reads a definition without fields as one required pass choice', () => {
    expect(basePassFields({})).toMatchObject([
      { name: 'base_pass', label: null, type: 'package', required: true },
    ]);
    expect(basePassFields({ fields: [] })).toHaveLength(1);
  });

  it('keeps the declared fields and drops malformed ones', () => {
    const fields = basePassFields({
      fields: [
        { name: 'club', label: 'Your club', required: true },
        { name: 'pass', type: 'package' },
        { label: 'no name' },
        'junk',
      ],
    });
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['club', 'text', true],
      ['pass', 'package', false],
    ]);
    expect(passField({ fields: [{ name: 'club' }, { name: 'pass', type: 'package' }] }).name).toBe(
      'pass',
    );
    expect(passField({ fields: [{ name: 'club' }] }).name).toBe('club');
  });

  it('counts a choice only when the pass field holds a value', () => {
    const definition = { fields: [{ name: 'club' }, { name: 'pass', type: 'package' }] };
    const chosen = (entries: { name: string; value: string }[]) =>
      hasChosenBasePass({ definition, entries });
    expect(chosen([])).toBe(false);
    expect(chosen([{ name: 'club', value: 'Hawks' }])).toBe(false);
    expect(chosen([{ name: 'pass', value: '  ' }])).toBe(false);
    expect(chosen([{ name: 'pass', value: '2' }])).toBe(true);
  });
});
