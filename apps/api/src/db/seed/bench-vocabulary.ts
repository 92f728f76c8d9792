/** What the benchmark seeds (bench-catalogue, bench-library) share: team names and bulk inserts. */

/** Team nicknames; a seed takes the first N it needs. */
export const NICKNAMES = [
  'Wolves',
  'Bears',
  'Hawks',
  'Foxes',
  'Lynx',
  'Ravens',
  'Otters',
  'Bison',
  'Eagles',
  'Owls',
  'Moose',
  'Stags',
  'Herons',
  'Pumas',
  'Falcons',
  'Badgers',
  'Cougars',
  'Orcas',
  'Rams',
  'Vipers',
  'Comets',
  'Storm',
  'Blaze',
  'Titans',
  'Knights',
] as const;

/** The list's item at i, wrapping around. */
export const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** Inserts in batches of 1 000 rows (one statement each). */
export async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1_000) await insert(rows.slice(i, i + 1_000));
}
