// Plain patterns, no zod: the web app's first-paint code reads them (custom forms) and must not
// pull zod's schema code in with them.

/**
 * Spec 5 names two email checks. The standard pattern: a name, '@', dotted domain labels and a
 * top-level domain that is not all digits (so 'fan@192.0.2.7' is not a standard address).
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+(?=[^\s@.]*[^\s@.\d])[^\s@.]{2,}$/;
/**
 * The number-email pattern: an address at a numeric (IPv4) host, bracketed or not. Accepted in one
 * check only, signing in (login and the reset request), so an account that a channel imported with
 * such an address can still reach its account; registration and profile edits stay standard.
 */
const IPV4 = String.raw`(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)`;
export const NUMBER_EMAIL_PATTERN = new RegExp(String.raw`^[^\s@]+@(?:${IPV4}|\[${IPV4}\])$`);
