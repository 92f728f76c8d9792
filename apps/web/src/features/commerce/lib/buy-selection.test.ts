import { describe, expect, it } from 'vitest';
import { buyPath, productFields, readBuySelection, type BuySelection } from './buy-selection';

const read = (query: string) => readBuySelection(new URLSearchParams(query));

describe('buy selection', () => {
  it('reads the spec query names', () => {
    expect(read('package_id=3')).toEqual({ kind: 'package', packageIds: [3] });
    expect(read('event_id=11&single_event_package_id=40')).toEqual({
      kind: 'event',
      eventId: 11,
      singleEventPackageId: 40,
    });
    expect(read('subscription_id=2')).toEqual({ kind: 'subscription', subscriptionId: 2 });
  });

  it("is no selection ('id not selected') for missing or malformed ids", () => {
    expect(read('')).toBeNull();
    expect(read('package_id=abc')).toBeNull();
    expect(read('package_id=0')).toBeNull();
    expect(read('package_id=1&package_id=x')).toBeNull();
  });

  it('makes a bundle of several passes and builds the body fields', () => {
    const bundle = read('package_id=1&package_id=4&package_id=1');
    expect(bundle).toEqual({ kind: 'package', packageIds: [1, 4] });
    expect(productFields(bundle!)).toEqual({ package_ids: [1, 4] });
    expect(productFields({ kind: 'event', eventId: 9, singleEventPackageId: null })).toEqual({
      event_id: 9,
    });
    // Exactly one product goes to the server: the game's package when the link has it.
    expect(productFields({ kind: 'event', eventId: 9, singleEventPackageId: 40 })).toEqual({
      single_event_package_id: 40,
    });
  });

  it('builds links that read back the same', () => {
    const selections: BuySelection[] = [
      { kind: 'package', packageIds: [1, 4] },
      { kind: 'event', eventId: 11, singleEventPackageId: 40 },
      { kind: 'subscription', subscriptionId: 2 },
    ];
    for (const selection of selections) {
      const path = buyPath(selection);
      expect(path.startsWith('/buy?')).toBe(true);
      expect(readBuySelection(new URL(path, 'http://x').searchParams)).toEqual(selection);
    }
  });
});
