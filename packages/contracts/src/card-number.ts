/** Card numbers have 12 to 19 digits (ISO/IEC 7812). */
export const CARD_NUMBER_LENGTH = { min: 12, max: 19 } as const;

/** The Luhn checksum every card number carries: catches a mistyped digit before any payment. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits only (spaces already removed), of a card's length, with a good Luhn checksum. */
export function isCardNumber(digits: string): boolean {
  return (
    digits.length >= CARD_NUMBER_LENGTH.min &&
    digits.length <= CARD_NUMBER_LENGTH.max &&
    luhnValid(digits)
  );
}
