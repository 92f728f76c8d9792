import { ADMIN_COMMERCE_MESSAGES, parseAdminCode } from '@rudy/contracts';
import { translateFieldMessage, type Translate } from '../../../../lib/form-messages';

/** The commerce forms' own texts (admin-commerce.ts), translated in their namespace. */
const COMMERCE = new Map(
  Object.entries(ADMIN_COMMERCE_MESSAGES).map(([key, text]) => [
    text as string,
    key as keyof typeof ADMIN_COMMERCE_MESSAGES,
  ]),
);

/**
 * A field message of the console's forms, in the admin's language, from its code: the shared
 * schemas' messages and the server's refused fields (`field_codes`) are codes ('admin.hexColour',
 * the spec's 'required' or 'maxLength:120'), never read back from an English text.
 */
export function adminFieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const commerce = COMMERCE.get(message);
  if (commerce) return t(`admin-commerce:validation.${commerce}`);
  const key = parseAdminCode(message);
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
