/** A URL-safe alias from a name: `Kingston Frontenacs` → `kingston-frontenacs`. */
export function slugOf(name: string, fallback = 'team'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

/** The base, or base-2, base-3…: the first the channel does not use yet. */
export function freeAlias(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
