import { describe, expect, it } from 'vitest';
import { isExpired, isValidSignature, signLink, type LinkSubject } from './signed-link.js';

const subject: LinkSubject = {
  purpose: 'password_reset',
  channelId: 1,
  userId: 7,
  email: 'Ann@Example.test',
  state: 'abc',
};

describe('signed links', () => {
  it('verifies its own signature, case-insensitively on the email', () => {
    const sig = signLink('s3cret', subject, 2000);
    expect(isValidSignature('s3cret', { ...subject, email: 'ann@example.test' }, 2000, sig)).toBe(
      true,
    );
  });

  it('rejects another secret, purpose, user, state, expiry or a garbled signature', () => {
    const sig = signLink('s3cret', subject, 2000);
    expect(isValidSignature('other', subject, 2000, sig)).toBe(false);
    expect(isValidSignature('s3cret', { ...subject, purpose: 'verify_email' }, 2000, sig)).toBe(
      false,
    );
    expect(isValidSignature('s3cret', { ...subject, userId: 8 }, 2000, sig)).toBe(false);
    expect(isValidSignature('s3cret', { ...subject, state: 'changed' }, 2000, sig)).toBe(false);
    expect(isValidSignature('s3cret', subject, 2001, sig)).toBe(false);
    expect(isValidSignature('s3cret', subject, 2000, 'short')).toBe(false);
  });

  it('expires at the given second', () => {
    expect(isExpired(10, new Date(9_999))).toBe(false);
    expect(isExpired(10, new Date(10_000))).toBe(true);
  });
});
