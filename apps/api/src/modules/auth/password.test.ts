import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id and OWASP parameters', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
  });

  it('accepts long passphrases and never matches a missing hash', async () => {
    const long = 'à'.repeat(200);
    expect(await verifyPassword(await hashPassword(long), long)).toBe(true);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
