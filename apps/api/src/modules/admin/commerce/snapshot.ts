import type { Snapshot } from '../audit/audit-diff.js';

type Flat = string | number | boolean | null;
type Item = Record<string, Flat | readonly (string | number)[]>;

/**
 * An item as the audit compares it, without the fields that are not the operator's to set
 * (counts): lists (accesses, sport ids) become one sorted, comma-joined text.
 */
export function flatSnapshot<T extends Item>(
  item: T,
  leaveOut: readonly (keyof T)[] = [],
): Snapshot {
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => !leaveOut.includes(key))
      .map(([key, value]) => [
        key,
        Array.isArray(value)
          ? [...(value as (string | number)[])].sort().join(', ')
          : (value as Flat),
      ]),
  );
}
