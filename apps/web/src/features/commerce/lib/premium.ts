interface Priced {
  id: number;
  base_price: number;
  is_premium?: boolean | undefined;
  disabled?: boolean;
}

/**
 * Spec: the item with the highest base_price gets the premium look. The server marks it
 * (`is_premium`); an older answer without the mark is decided here the same way, disabled items
 * (the basic pass) never competing.
 */
export function premiumId(items: readonly Priced[]): number | null {
  const marked = items.find((item) => item.is_premium);
  if (marked) return marked.id;
  if (items.some((item) => item.is_premium === false)) return null;
  let best: Priced | null = null;
  for (const item of items) {
    if (item.disabled) continue;
    if (!best || item.base_price > best.base_price) best = item;
  }
  return best && best.base_price > 0 ? best.id : null;
}
