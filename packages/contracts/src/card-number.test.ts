import { describe, expect, it } from 'vitest';
import { isCardNumber, luhnValid } from './card-number.js';

describe('card numbers', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000002500003155',
    '378282246310005',
    '79927398713',
  ])('accepts the Luhn sum of %s', (digits) => expect(luhnValid(digits)).toBe(true));

  it.each(['4242424242424241', '4000002500003156', '79927398710', '', '4242 4242', '42a2'])(
    'refuses %j',
    (digits) => expect(luhnValid(digits)).toBe(false),
  );

  it('needs 12 to 19 digits besides the checksum', () => {
    expect(isCardNumber('79927398713')).toBe(false); // a good sum, 11 digits
    expect(isCardNumber('4242424242424242')).toBe(true);
    expect(isCardNumber('4242424242424241')).toBe(false);
    expect(isCardNumber('4242424242424242420')).toBe(false); // 19 digits, bad sum
    expect(isCardNumber('0'.repeat(19))).toBe(true);
    expect(isCardNumber('0'.repeat(20))).toBe(false);
  });
});
