import { PASSWORD_MIN } from '@rudy/contracts';

export type PasswordStrength = 'empty' | 'short' | 'weak' | 'fair' | 'strong';

/**
 * A hint, not a rule: the server only asks for PASSWORD_MIN characters. Length counts most, so a
 * long passphrase of plain words rates strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'empty';
  if (password.length < PASSWORD_MIN) return 'short';
  if (password.length >= 20) return 'strong';
  const variety = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  const score =
    (password.length >= 12 ? 1 : 0) +
    (password.length >= 16 ? 1 : 0) +
    (variety >= 3 ? 1 : 0) +
    (variety === 4 ? 1 : 0);
  if (score >= 3) return 'strong';
  return score >= 1 ? 'fair' : 'weak';
}
