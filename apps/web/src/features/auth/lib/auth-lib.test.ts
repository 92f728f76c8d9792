import { afterEach, describe, expect, it } from 'vitest';
import { rememberLastPage } from '../../../lib/navigation-memory';
import { passwordStrength } from './password-strength';
import { afterSignInPath, safeReturnPath } from './return-target';

afterEach(() => localStorage.clear());

describe('passwordStrength', () => {
  it.each([
    ['', 'empty'],
    ['abc1234', 'short'],
    ['abcdefgh', 'weak'],
    ['abcdefgh1234', 'fair'],
    ['Abcdefgh12', 'fair'],
    ['Abcdefgh12!?', 'strong'],
    ['Abcdefgh12!?xyzw', 'strong'],
    ['correct horse battery staple', 'strong'],
  ] as const)('rates %j as %s', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });
});

describe('return target after sign-in', () => {
  it('accepts only paths on this site that are not auth pages', () => {
    expect(safeReturnPath('/watch/12?t=3')).toBe('/watch/12?t=3');
    expect(safeReturnPath('/confirm-account-deletion')).toBe('/confirm-account-deletion');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '/login?x=1', null]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('prefers return_to, then the last page, then home', () => {
    expect(afterSignInPath(new URLSearchParams())).toBe('/');
    rememberLastPage({ path: '/schedule', search: '?team=2', params: {} });
    expect(afterSignInPath(new URLSearchParams())).toBe('/schedule?team=2');
    expect(afterSignInPath(new URLSearchParams({ return_to: '/profile' }))).toBe('/profile');
    expect(afterSignInPath(new URLSearchParams({ return_to: '//evil.example' }))).toBe(
      '/schedule?team=2',
    );
  });
});
