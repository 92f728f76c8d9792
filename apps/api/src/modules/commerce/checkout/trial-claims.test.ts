import { describe, expect, it } from 'vitest';
import { emailClaim, normaliseEmail } from './trial-claims.js';

describe('one trial per email', () => {
  it('takes case, +tags and Gmail dots for the same address', () => {
    expect(normaliseEmail(' Ada.Fan+trial2@Example.TEST ')).toBe('ada.fan@example.test');
    expect(normaliseEmail('a.d.a+x@googlemail.com')).toBe('ada@gmail.com');
    expect(emailClaim('ADA@gmail.com')).toBe(emailClaim('a.da+1@gmail.com'));
  });

  it('keeps different people apart', () => {
    expect(emailClaim('ada@example.test')).not.toBe(emailClaim('ada@example.org'));
    // Dots matter outside Gmail.
    expect(normaliseEmail('a.da@example.test')).toBe('a.da@example.test');
  });
});
