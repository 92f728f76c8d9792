/** A snapshot of the fields an audit row compares: plain JSON values only. */
export type Snapshot = Record<string, string | number | boolean | null>;

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

/**
 * The fields that differ between two snapshots, each side holding only those fields: what the
 * audit row keeps (a create has no before, a delete no after).
 */
export function changedFields(
  before: Snapshot | null,
  after: Snapshot | null,
): { before: Snapshot | null; after: Snapshot | null } {
  if (!before || !after) return { before, after };
  const b: Snapshot = {};
  const a: Snapshot = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === after[key]) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

const SHOWN_CHARS = 60;

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/** One line for the console: `price_cents: 1500 → 2000; name_en: A → B`. */
export function summarize(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const keys = Object.keys(after ?? before ?? {});
  if (!before) return keys.map((k) => `${k}: ${shown(after?.[k])}`).join('; ');
  if (!after) return keys.map((k) => `${k}: ${shown(before[k])}`).join('; ');
  return keys.map((k) => `${k}: ${shown(before[k])} → ${shown(after[k])}`).join('; ');
}
