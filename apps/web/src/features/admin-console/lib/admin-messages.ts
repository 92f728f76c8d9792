import { ADMIN_MESSAGES } from '@rudy/contracts';
import { translateFieldMessage, type Translate } from '../../../lib/form-messages';

type AdminMessageKey =
  keyof typeof ADMIN_MESSAGES | 'unknownTeam' | 'unknownSport' | 'unknownRink' | 'unknownSchool';

const BY_TEXT = new Map<string, AdminMessageKey>(
  Object.entries(ADMIN_MESSAGES).map(([key, text]) => [text, key as AdminMessageKey]),
);
/** The server's reference checks (another channel's team, a deleted rink). */
const SERVER_TEXTS: Partial<Record<string, AdminMessageKey>> = {
  'Unknown team': 'unknownTeam',
  'Unknown sport': 'unknownSport',
  'Unknown rink': 'unknownRink',
  'Unknown school': 'unknownSchool',
};

/** A field message of the console's forms, in the admin's language. */
export function adminFieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = BY_TEXT.get(message) ?? SERVER_TEXTS[message];
  return key ? t(`admin:validation.${key}`) : translateFieldMessage(t, message);
}

/** Cents as the amount an admin types (12.99), and back. */
export const centsToAmount = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(2);
export function amountToCents(amount: string): number | null {
  const trimmed = amount.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}
