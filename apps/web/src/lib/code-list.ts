/**
 * A type guard for a fixed list of codes (error codes, message keys): `const isX = isOneOf(X)`.
 * The code arrives as any string (from the server, from a schema); the guard narrows it.
 */
export function isOneOf<const T extends readonly string[]>(codes: T) {
  const known = new Set<string>(codes);
  return (code: string): code is T[number] => known.has(code);
}
